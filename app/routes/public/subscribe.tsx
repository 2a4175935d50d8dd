// The footer's subscribe form posts here from every page. Double opt-in: the address is stored
// unconfirmed and gets a confirmation link (at most one e-mail a day); the answer is the same for a
// new, a waiting and an already confirmed address, so the form tells nobody who subscribed.
// Accepted, a plain post goes back to the page it came from with a toast; refused, it is answered
// with this page: the form with the address as typed and what is wrong under it (the footer's
// form on a page without scripts could only say it in a toast, and lose the address). A plain
// visit shows the same page with the form empty.
import { PageHero } from "~/components/page-hero";
import { linkPageMeta, SUBSCRIBE_INTRO, SubscribeForm } from "~/features/site";
import { scriptFreePage } from "~/lib/page-scripts";
import { loaderHeaders } from "~/lib/loader-headers";
import { publicPage, settingsPage } from "~/features/site/index.server";
import { SUBSCRIBE_MESSAGES, subscribeSchema } from "~/features/messaging";
import { subscribe } from "~/features/messaging/index.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { answerPublicForm, publicFormSuccess, readPublicForm } from "~/server/forms.server";
import { RATE_LIMITS } from "~/server/abuse.server";
import type { Route } from "./+types/subscribe";

const successToast = { title: SUBSCRIBE_MESSAGES.successTitle, description: SUBSCRIBE_MESSAGES.success };
const RULES = { rateLimit: RATE_LIMITS.subscribePerAddress, rateLimitedMessage: SUBSCRIBE_MESSAGES.rateLimited, successToast };

// `showsSubscribeForm`: the public layout leaves the footer's copy of the form off this page.
export const handle = { ...scriptFreePage, showsSubscribeForm: true };

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, location }) => linkPageMeta(matches, location.pathname, "Subscribe to our news");

// The frame (header, footer, title) shows the site's settings, as on every page.
export async function loader() {
  return publicPage(await settingsPage("Subscribe page"), () => ({}));
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readPublicForm(request, subscribeSchema, RULES);
  if ("done" in read) return answerPublicForm(request, read.done, { fallbackPath: "/", renderFailures: true });
  const { email } = read.value;
  sendAfterResponse(await subscribe(email, new Date()), request);
  return answerPublicForm(request, publicFormSuccess(successToast), { fallbackPath: "/" });
}

export default function SubscribePage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Stay Connected">{SUBSCRIBE_INTRO}</PageHero>
      <div id="subscribe" className="mx-auto w-full max-w-md scroll-mt-20 px-4 py-10 sm:px-6">
        <div className="rounded-xl bg-brand-950 p-5 text-brand-100 shadow-sm">
          <SubscribeForm refused={actionData} />
        </div>
      </div>
    </>
  );
}
