// /admin: the dashboard. ?tab= chooses the count cards or one of the five managers; the loader
// reads only what the chosen tab shows.
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { BlogsManager } from "~/components/admin/managers/blogs-manager";
import { EventsManager } from "~/components/admin/managers/events-manager";
import { LeadershipManager } from "~/components/admin/managers/leadership-manager";
import { MinistriesManager } from "~/components/admin/managers/ministries-manager";
import { TestimoniesManager } from "~/components/admin/managers/testimonies-manager";
import { BookIcon, CalendarIcon, HeartIcon, PlusIcon, QuoteIcon, UsersIcon } from "~/components/icons";
import { ADMIN_TABS, adminTabHref, parseAdminTab, type AdminTab } from "~/lib/admin-tabs";
import { dashboardCounts } from "~/models/dashboard.server";
import { parseId } from "~/server/admin-form.server";
import { loadBlogsTab } from "~/server/admin-tabs/blogs.server";
import { loadEventsTab } from "~/server/admin-tabs/events.server";
import { loadLeadershipTab } from "~/server/admin-tabs/leadership.server";
import { loadMinistriesTab } from "~/server/admin-tabs/ministries.server";
import { loadTestimoniesTab } from "~/server/admin-tabs/testimonies.server";
import { getDb } from "~/server/db.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = parseAdminTab(url.searchParams.get("tab"));
  /** ?delete=<id> opens that row's delete dialog without JavaScript. */
  const deleteId = parseId(url.searchParams.get("delete") ?? undefined);
  const db = getDb();
  switch (tab) {
    case "leadership":
      return { tab, deleteId, list: await loadLeadershipTab(db) };
    case "ministries":
      return { tab, deleteId, list: await loadMinistriesTab(db) };
    case "blogs":
      return { tab, deleteId, list: await loadBlogsTab(db) };
    case "testimonies":
      return { tab, deleteId, list: await loadTestimoniesTab(db) };
    case "events":
      return { tab, deleteId, list: await loadEventsTab(db) };
    default:
      return { tab, deleteId, counts: await dashboardCounts(db) };
  }
}

function TabNav({ current }: { current: AdminTab }) {
  return (
    <nav aria-label="Dashboard sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 rounded-lg bg-stone-200/70 p-1">
        {ADMIN_TABS.map((tab) => (
          <li key={tab.id}>
            <NavLink
              to={adminTabHref(tab.id)}
              aria-current={tab.id === current ? "page" : undefined}
              className={`block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
                tab.id === current ? "bg-white text-brand-800 shadow-sm" : "text-stone-700 hover:text-stone-900"
              }`}
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type Counts = Awaited<ReturnType<typeof dashboardCounts>>;

function CountCard({ label, value, icon, to }: { label: string; value: number; icon: ReactNode; to?: string }) {
  const body = (
    <>
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-stone-600">{label}</p>
        <span className="text-brand-700">{icon}</span>
      </div>
      <p className="mt-2 text-3xl font-bold text-stone-900">{value}</p>
    </>
  );
  const cardClass = "block rounded-xl border border-stone-200 bg-white p-5 shadow-sm";
  return to ? (
    <Link to={to} className={`${cardClass} hover:border-brand-300 hover:shadow`}>
      {body}
    </Link>
  ) : (
    <div className={cardClass}>{body}</div>
  );
}

function Overview({ counts }: { counts: Counts }) {
  const icon = "size-5";
  return (
    <div className="space-y-8">
      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading" className="sr-only">
          Counts
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <CountCard label="Events" value={counts.events} icon={<CalendarIcon className={icon} />} to={adminTabHref("events")} />
          <CountCard label="Blogs" value={counts.blogs} icon={<BookIcon className={icon} />} to={adminTabHref("blogs")} />
          <CountCard label="Testimonies" value={counts.testimonies} icon={<QuoteIcon className={icon} />} to={adminTabHref("testimonies")} />
          <CountCard label="Ministries" value={counts.ministries} icon={<HeartIcon className={icon} />} to={adminTabHref("ministries")} />
          <CountCard label="Leadership Members" value={counts.leadership} icon={<UsersIcon className={icon} />} to={adminTabHref("leadership")} />
          <CountCard label="Event Registrations" value={counts.registrations} icon={<UsersIcon className={icon} />} />
        </div>
      </section>
      <section aria-labelledby="quick-actions-heading">
        <h2 id="quick-actions-heading" className="text-lg font-semibold text-stone-900">
          Quick Actions
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {[
            { to: "/admin/events/new", label: "Create Event" },
            { to: "/admin/blogs/new", label: "Write Blog Post" },
            { to: "/admin/testimonies/new", label: "Add Testimony" },
          ].map((action) => (
            <Link
              key={action.to}
              to={action.to}
              className="flex items-center gap-2 rounded-xl border border-stone-200 bg-white p-4 font-medium text-stone-800 shadow-sm hover:border-brand-300 hover:text-brand-800"
            >
              <PlusIcon className="size-5 text-brand-700" />
              {action.label}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="sr-only">Dashboard</h1>
      <TabNav current={data.tab} />
      <div className="mt-6">
        {"counts" in data && data.counts ? <Overview counts={data.counts} /> : null}
        {data.tab === "leadership" && "list" in data ? <LeadershipManager {...data.list} deleteId={data.deleteId} /> : null}
        {data.tab === "ministries" && "list" in data ? <MinistriesManager {...data.list} deleteId={data.deleteId} /> : null}
        {data.tab === "blogs" && "list" in data ? <BlogsManager {...data.list} deleteId={data.deleteId} /> : null}
        {data.tab === "testimonies" && "list" in data ? <TestimoniesManager {...data.list} deleteId={data.deleteId} /> : null}
        {data.tab === "events" && "list" in data ? <EventsManager {...data.list} deleteId={data.deleteId} /> : null}
      </div>
    </div>
  );
}
