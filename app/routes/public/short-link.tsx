// /r/{token}: the short link in each SMS (160 characters leave no room for /registrations/...). It
// only redirects to the registration's private page, where "Stop SMS about this event" is; it
// changes nothing and is never cached.
import { redirect } from "react-router";
import { REGISTRATION_TOKEN_PATTERN, registrationPath } from "~/features/events";
import type { Route } from "./+types/short-link";

export function loader({ params }: Route.LoaderArgs) {
  if (!REGISTRATION_TOKEN_PATTERN.test(params.token)) throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return redirect(registrationPath(params.token), { status: 302, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex, nofollow" } });
}
