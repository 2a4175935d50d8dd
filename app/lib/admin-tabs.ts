// The dashboard's tabs (SPEC section 2, Dashboard), chosen with /admin?tab=...: the count cards, then
// one list per content type.
export const ADMIN_TABS = [
  { id: "dashboard", label: "Dashboard" },
  { id: "leadership", label: "Leadership Team" },
  { id: "ministries", label: "Ministries" },
  { id: "blogs", label: "Blogs" },
  { id: "testimonies", label: "Testimonies" },
  { id: "events", label: "Events" },
  { id: "associations", label: "Associations" },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["id"];
/** The tabs that list a content type. */
export type ListTab = Exclude<AdminTab, "dashboard">;

export function parseAdminTab(value: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab.id === value)?.id ?? "dashboard";
}

export function adminTabHref(tab: AdminTab, extra?: Record<string, string | number>): string {
  const params = new URLSearchParams(tab === "dashboard" ? {} : { tab });
  for (const [key, value] of Object.entries(extra ?? {})) params.set(key, String(value));
  const query = params.toString();
  return query ? `/admin?${query}` : "/admin";
}
