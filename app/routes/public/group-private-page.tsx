// /groups/{token}: a group leader's private page (issue 25, part 4): every man's code and status, a
// list to print, correct a man's name and phone, cancel one man or the whole group. Like a
// registration's private page, the token is the only credential: never cached, indexed or sent on
// as a referrer. A refused correction renders the page again with that man's form open.
import { data } from "react-router";
import { correctionAnswerOf, GroupPage } from "~/features/events";
import { noindexMeta, PrivateLinkNotFound } from "~/features/site";
import { settingsFromMatches, titled } from "~/features/settings";
import { scriptFreePage } from "~/lib/page-scripts";
import { PRIVATE_PAGE_HEADERS, privatePageHeaders, privateTokenOf } from "~/lib/private-link";
import { groupPageAction, groupPageUrl, groupPageView } from "~/features/events/index.server";
import { siteSettings } from "~/features/settings/index.server";
import { groupPage } from "~/features/site/index.server";
import { BadRequest } from "~/server/forms.server";
import { paymentsReady } from "~/server/payments-setup.server";
import { siteOrigin } from "~/server/site-url.server";
import type { Route } from "./+types/group-private-page";

export async function loader({ params, request }: Route.LoaderArgs) {
  const token = privateTokenOf(params.token);
  // The site's settings with it: the page's frame (and its not-found page) shows what staff saved.
  const page = await groupPage(token);
  const settings = siteSettings(page.settings);
  const found = page.found;
  if (!found) return data({ settings, view: null }, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  return data({ settings, view: groupPageView(found, new Date(), groupPageUrl(siteOrigin(request), token), paymentsReady()) }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ params, request }: Route.ActionArgs) {
  try {
    return await groupPageAction(request, privateTokenOf(params.token));
  } catch (error) {
    if (error instanceof BadRequest) return data({ error: error.message }, { status: error.status, headers: PRIVATE_PAGE_HEADERS });
    throw error;
  }
}

export const headers = privatePageHeaders;

export const handle = scriptFreePage;

/** "Your group | {the site's name}", as every page; a link that finds no group is the not-found page's. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => noindexMeta(loaderData?.view ? titled("Your group", settingsFromMatches(matches)) : undefined);

export default function GroupPrivatePage({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.view ? <GroupPage view={loaderData.view} answer={correctionAnswerOf(actionData)} /> : <PrivateLinkNotFound what="a group's page" />;
}

