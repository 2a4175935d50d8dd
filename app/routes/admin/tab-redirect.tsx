// /admin/leadership, /admin/ministries, /admin/blogs, /admin/testimonies, /admin/associations, /admin/events: each list lives on the
// dashboard's tab of the same name.
import { redirect } from "react-router";
import { adminTabHref, parseAdminTab } from "~/lib/admin-tabs";
import type { Route } from "./+types/tab-redirect";

export function loader({ request }: Route.LoaderArgs) {
  const [, , section] = new URL(request.url).pathname.split("/");
  return redirect(adminTabHref(parseAdminTab(section ?? null)));
}

/** Never shown (the loader always redirects); it makes this a page, so a refusal renders the admin's 403 page rather than JSON. */
export default function TabRedirect() {
  return null;
}
