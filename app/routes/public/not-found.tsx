// Any unknown route: status 404 and the path logged (on the server here, in the browser console
// by the 404 page itself).
import { data } from "react-router";
import { RouteError } from "~/components/route-error";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  console.warn(`404 Not Found: ${new URL(request.url).pathname}`);
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
