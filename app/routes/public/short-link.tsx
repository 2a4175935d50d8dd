// /r/{token}: the short link in each SMS (160 characters leave no room for /registrations/...). It
// only redirects to the registration's private page, where "Stop SMS about this event" is; it
// changes nothing and is never cached.
import { redirect } from "react-router";
import { registrationPath } from "~/features/events";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-link";
import type { Route } from "./+types/short-link";

export function loader({ params }: Route.LoaderArgs) {
  // A link cut short by a phone's SMS app goes on too: the private page answers the site's own
  // 'Page not found' (404, with the menu), not a bare word.
  // (A token's letters, digits, - and _ are left as they are by the encoding.)
  return redirect(registrationPath(encodeURIComponent(params.token)), { status: 302, headers: PRIVATE_PAGE_HEADERS });
}
