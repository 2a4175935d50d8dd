// Any unknown route: status 404 and the path logged (on the server here, in the browser console
// by the 404 page itself), with the site's header and footer as set.
import { noindexMeta, NotFound } from "~/features/site";
import { publicPage, settingsPage } from "~/features/site/index.server";
import { pathForLog } from "~/server/log-text.server";
import { islandPage } from "~/lib/page-scripts";
import type { Route } from "./+types/not-found";

// No React for a page that only says "not found": its one island logs the path (./not-found-log).
export const handle = islandPage;

export async function loader({ request }: Route.LoaderArgs) {
  console.warn(`404 Not Found: ${pathForLog(new URL(request.url).pathname)}`);
  return publicPage(await settingsPage("Not-found page"), () => ({}), 404);
}

export const meta: Route.MetaFunction = () => noindexMeta();

export default function NotFoundRoute() {
  return <NotFound />;
}
