// /admin: the dashboard. ?tab= chooses the count cards or one of the five lists; the loader reads
// only what the chosen tab shows. The tabs are ADMIN_TABS (app/features/site/admin-tabs.ts); each list's
// rows come from its model and are drawn by the list in its content type's folder.
import { type ComponentType, type ReactNode, useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { moneyThisMonth } from "~/features/payments/index.server";
import { type MoneyThisMonth, MoneyThisMonthCard } from "~/features/payments";
import { AlertIcon, BookIcon, CalendarIcon, HeartIcon, PlusIcon, QuoteIcon, UsersIcon } from "~/components/icons";
import { BLOG_MESSAGES, LEADERSHIP_MESSAGES, MINISTRY_MESSAGES, POST_STATUSES, type PostStatus, TESTIMONY_MESSAGES } from "~/features/publishing";
import { BURST_DISMISS, burstSentence, EVENT_MESSAGES } from "~/features/events";
import { conferenceWarning } from "~/features/site";
import { ADMIN_TABS, type AdminTab, adminTabHref, type ListTab, parseAdminTab } from "~/lib/admin-tabs";
import { blogsForAdmin, membersForAdmin, ministriesForAdmin, testimoniesForAdmin } from "~/features/publishing/index.server";
import { ACCOUNT_CHANGES_DAYS, dashboardPage } from "~/features/site/index.server";
import { burstTimeText, dismissBurst, eventsForAdmin } from "~/features/events/index.server";
import { registrationDeskPath } from "~/lib/paths";
import { parseId, readAdminPost } from "~/server/admin-actions.server";
import { noteActivity, recordName } from "~/features/accounts/index.server";
import { redirectWithToast } from "~/server/toast.server";
import { siteSettings } from "~/features/settings/index.server";
import { adminContext, canUse } from "~/features/accounts";
import { formatInSiteZone } from "~/lib/time";
import { BlogsList, LeadershipList, MinistriesList, TestimoniesList } from "~/features/publishing";
import { EventsList } from "~/features/events";
import { ASSOCIATION_MESSAGES, AssociationsList } from "~/features/associations";
import { associationsForAdmin } from "~/features/associations/index.server";
import type { RegistrationStatus } from "~/db/schema";
import type { Route } from "./+types/dashboard";

/** Each list tab's rows, and the spec's message when they cannot be read. */
const LIST_READERS = {
  leadership: { read: membersForAdmin, failed: LEADERSHIP_MESSAGES.listFailed },
  ministries: { read: ministriesForAdmin, failed: MINISTRY_MESSAGES.listFailed },
  blogs: { read: () => blogsForAdmin(new Date()), failed: BLOG_MESSAGES.listFailed },
  testimonies: { read: testimoniesForAdmin, failed: TESTIMONY_MESSAGES.listFailed },
  events: { read: eventsForAdmin, failed: EVENT_MESSAGES.listFailed },
  associations: { read: associationsForAdmin, failed: ASSOCIATION_MESSAGES.listFailed },
} satisfies Record<ListTab, { read: () => Promise<unknown[]>; failed: string }>;

type Rows<T extends ListTab> = Awaited<ReturnType<(typeof LIST_READERS)[T]["read"]>>;
type ListProps<T extends ListTab> = { rows: Rows<T>; error: string | null; deleteId: number | null };

const LIST_VIEWS: { [T in ListTab]: ComponentType<ListProps<T>> } = {
  leadership: LeadershipList,
  ministries: MinistriesList,
  blogs: BlogsList,
  testimonies: TestimoniesList,
  events: EventsList,
  associations: AssociationsList,
};

async function readList<T extends ListTab>(tab: T): Promise<{ rows: Rows<T>; error: string | null }> {
  const { read, failed } = LIST_READERS[tab];
  try {
    return { rows: (await read()) as Rows<T>, error: null };
  } catch (cause) {
    console.error(`${tab} list failed`, cause);
    return { rows: [] as Rows<T>, error: failed };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = parseAdminTab(url.searchParams.get("tab"));
  if (tab === "dashboard") {
    const now = new Date();
    const page = await dashboardPage(now);
    // Account changes are shown to every Administrator (and only to them).
    const accountChanges = context.get(adminContext).role === "admin"
      ? page.accountChanges.map((change) => ({ ...change, when: formatInSiteZone(change.at, "MMM d, HH:mm") ?? change.at }))
      : [];
    return {
      tab,
      counts: page.counts,
      postsLine: postsByStatusLine(page.postsByStatus),
      registrationsLine: registrationsByStatusLine(page.registrationsByStatus),
      conferenceWarning: conferenceWarning(siteSettings(page.settings).conference, page.conferenceEvents, now),
      accountChanges,
      accountChangesDays: ACCOUNT_CHANGES_DAYS,
      /** Events that received registrations at more than 10 times their usual rate in the last day (staff can all use the desk). */
      bursts: page.bursts.map((burst) => ({
        id: burst.id,
        at: burst.detected_at,
        sentence: burstSentence({ eventName: burst.event_name, lastHour: burst.last_hour, previousWeek: burst.previous_week, detectedText: burstTimeText(burst.detected_at) }),
        since: burst.since,
        deskHref: registrationDeskPath(burst.event_id),
        eventName: burst.event_name,
      })),
      /** The conference card is a setting: only Administrators can open Settings to fix it. */
      canFixConference: canUse(context.get(adminContext).role, "settings"),
      /** This month's fees (net of refunds) and gifts (Administrators: giving is theirs). */
      money: context.get(adminContext).role === "admin" ? moneyThisMonth(page.recentMoney, now) : null,
    };
  }
  /** ?delete=<id> opens that row's delete dialog without JavaScript. */
  const deleteId = parseId(url.searchParams.get("delete"));
  return { tab, deleteId, list: await readList(tab) };
}

/** The dashboard's one form: dismissing a burst's card (the registrations were real people). */
export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, undefined, "/admin");
  if ("refused" in post) return post.refused;
  const id = post.intent === BURST_DISMISS.intent ? parseId(String(post.formData.get(BURST_DISMISS.field) ?? "")) : null;
  const dismissed = id ? await dismissBurst(id, context.get(adminContext).email, new Date()) : null;
  if (!id || !dismissed) return redirectWithToast(request, "/admin", { title: "Error", description: BURST_DISMISS.already, variant: "destructive" });
  noteActivity(context, { action: "Dismissed", target: recordName("registration burst alert", id, dismissed.eventName), summary: "Real people" });
  return redirectWithToast(request, "/admin", BURST_DISMISS.done);
}

/** Each tab titled for itself ("Events | Admin"), as every other admin page: a screen reader and the browser's tabs say which is open. */
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${ADMIN_TABS.find((tab) => tab.id === loaderData?.tab)?.label ?? "Dashboard"} | Admin` }];

function TabNav({ current }: { current: AdminTab }) {
  // On a phone the row scrolls sideways: the chosen tab is brought into view (a later tab, e.g.
  // Events, would otherwise sit off the screen). Only the row moves, never the page: a page that
  // jumped as it woke up would take a tap meant for a list's row (scrollIntoView moved both).
  const row = useRef<HTMLElement>(null);
  const chosen = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!row.current || !chosen.current) return;
    const frame = row.current.getBoundingClientRect();
    const tab = chosen.current.getBoundingClientRect();
    if (tab.right > frame.right) row.current.scrollLeft += tab.right - frame.right;
    else if (tab.left < frame.left) row.current.scrollLeft -= frame.left - tab.left;
  }, [current]);
  return (
    <nav ref={row} aria-label="Dashboard sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 rounded-lg bg-stone-200/70 p-1">
        {ADMIN_TABS.map((tab) => (
          <li key={tab.id}>
            {/* A Link, not a NavLink: every tab is on /admin, and NavLink would call each one the current page. */}
            <Link
              ref={tab.id === current ? chosen : undefined}
              to={adminTabHref(tab.id)}
              aria-current={tab.id === current ? "page" : undefined}
              className={`block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
                tab.id === current ? "bg-white text-brand-800 shadow-sm" : "text-stone-700 hover:text-stone-900"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type Counts = Awaited<ReturnType<typeof dashboardPage>>["counts"];

const STATUS_WORDS: Record<PostStatus, [one: string, many: string]> = {
  published: ["published", "published"],
  draft: ["draft", "drafts"],
  scheduled: ["scheduled", "scheduled"],
};

/** The Blogs card's line under its one number: '4 published · 1 draft' (statuses with no posts left out). */
/** Under the registrations' count: "6 confirmed, 1 waiting; 4 cancelled" (the count leaves the cancelled out). */
function registrationsByStatusLine(byStatus: Partial<Record<RegistrationStatus, number>>): string | null {
  const held = [byStatus.confirmed ? `${byStatus.confirmed} confirmed` : null, byStatus.waitlisted ? `${byStatus.waitlisted} waiting` : null].filter(Boolean).join(", ");
  const cancelled = byStatus.cancelled ? `${byStatus.cancelled} cancelled, not counted` : null;
  return [held, cancelled].filter(Boolean).join("; ") || null;
}

function postsByStatusLine(byStatus: Partial<Record<PostStatus, number>>): string | null {
  const parts = POST_STATUSES.flatMap((status) => {
    const n = byStatus[status] ?? 0;
    return n ? [`${n} ${STATUS_WORDS[status][n === 1 ? 0 : 1]}`] : [];
  });
  return parts.length ? parts.join(" · ") : null;
}

function CountCard({ label, value, detail, icon, to }: { label: string; value: number; detail?: string | null; icon: ReactNode; to?: string }) {
  const body = (
    <>
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-stone-600">{label}</p>
        <span className="text-brand-700">{icon}</span>
      </div>
      <p className="mt-2 text-3xl font-bold text-stone-900">{value}</p>
      {detail ? <p className="mt-1 text-sm text-stone-600">{detail}</p> : null}
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

/** The home page advertises a conference that is over or gone: hard to miss, with the way to fix it. */
function ConferenceWarning({ message, canFix }: { message: string; canFix: boolean }) {
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-gold-300 bg-gold-100 p-4 text-stone-900 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex gap-2">
        <AlertIcon className="mt-0.5 size-5 shrink-0 text-gold-700" />
        <span>{message}</span>
      </p>
      {canFix ? (
        <Link to="/admin/settings#conference" className="shrink-0 font-semibold text-brand-800 underline">
          Fix the conference card
        </Link>
      ) : (
        <p className="shrink-0 text-sm font-medium">An Administrator can fix it in Settings.</p>
      )}
    </div>
  );
}

type AccountChange = { at: string; when: string; actor: string; action: string; target: string; summary: string };

/** Every Administrator sees the recent account changes (added, removed, a new role, a password). */
function AccountChanges({ changes, days }: { changes: AccountChange[]; days: number }) {
  return (
    <section aria-labelledby="account-changes-heading" className="rounded-xl border border-blue-200 bg-blue-50 p-4">
      <h2 id="account-changes-heading" className="font-semibold text-blue-950">
        {`Account changes in the last ${days} days`}
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-blue-950">
        {changes.map((change) => (
          <li key={`${change.at}-${change.action}-${change.target}`}>
            <time dateTime={change.at}>{change.when}</time>: {change.actor} · {change.action} {change.target}
            {change.summary ? ` (${change.summary})` : ""}
          </li>
        ))}
      </ul>
      <Link to="/admin/activity?kind=account" className="mt-2 inline-block text-sm font-semibold text-blue-900 underline">
        See the activity log
      </Link>
    </section>
  );
}

type Burst = { id: number; at: string; sentence: string; since: number; deskHref: string; eventName: string };

/** An event filling far faster than usual: which, how fast against usual, and the way to its desk. */
function RegistrationBursts({ bursts }: { bursts: Burst[] }) {
  return (
    <section aria-labelledby="bursts-heading" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-950">
      <h2 id="bursts-heading" className="flex gap-2 font-semibold">
        <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-700" />
        Registrations far faster than usual
      </h2>
      <ul className="mt-2 space-y-3 text-sm">
        {bursts.map((burst) => (
          <li key={burst.id}>
            <p>
              {burst.sentence} {burst.since ? `${burst.since} more since.` : ""}
            </p>
            <Link to={burst.deskHref} className="font-semibold text-red-900 underline">
              {`Open the registration desk of ${burst.eventName}`}
            </Link>
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value={BURST_DISMISS.intent} />
              <input type="hidden" name={BURST_DISMISS.field} value={burst.id} />
              <button type="submit" className="rounded-md border border-red-300 bg-white px-3 py-2 text-left font-medium text-red-900 hover:bg-red-100">
                {BURST_DISMISS.button(burst.eventName)}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">If they are not real people, use 'Cancel a burst' on the desk. If they are, dismiss the alert.</p>
    </section>
  );
}

type OverviewProps = {
  counts: Counts;
  postsLine: string | null;
  registrationsLine: string | null;
  warning: string | null;
  canFixConference: boolean;
  accountChanges: AccountChange[];
  accountChangesDays: number;
  money?: MoneyThisMonth | null;
  bursts: Burst[];
};

function Overview({ counts, postsLine, registrationsLine, warning, canFixConference, accountChanges, accountChangesDays, money, bursts }: OverviewProps) {
  const icon = "size-5";
  return (
    <div className="space-y-8">
      {bursts.length ? <RegistrationBursts bursts={bursts} /> : null}
      {warning ? <ConferenceWarning message={warning} canFix={canFixConference} /> : null}
      {accountChanges.length ? <AccountChanges changes={accountChanges} days={accountChangesDays} /> : null}
      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading" className="sr-only">
          Counts
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <CountCard label="Events" value={counts.events} icon={<CalendarIcon className={icon} />} to={adminTabHref("events")} />
          <CountCard label="Blogs" value={counts.blogs} detail={postsLine} icon={<BookIcon className={icon} />} to={adminTabHref("blogs")} />
          <CountCard label="Testimonies" value={counts.testimonies} icon={<QuoteIcon className={icon} />} to={adminTabHref("testimonies")} />
          <CountCard label="Ministries" value={counts.ministries} icon={<HeartIcon className={icon} />} to={adminTabHref("ministries")} />
          <CountCard label="Leadership Members" value={counts.leadership} icon={<UsersIcon className={icon} />} to={adminTabHref("leadership")} />
          <CountCard label="Event Registrations" value={counts.registrations} detail={registrationsLine} icon={<UsersIcon className={icon} />} />
          {money ? <MoneyThisMonthCard money={money} /> : null}
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
  // TypeScript cannot pair a tab with its own list's props through the union; the loader does.
  const List = "list" in data && data.tab !== "dashboard" ? (LIST_VIEWS[data.tab] as ComponentType<ListProps<ListTab>>) : null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="sr-only">Dashboard</h1>
      <TabNav current={data.tab} />
      <div className="mt-6">
        {"counts" in data && data.counts ? <Overview counts={data.counts} postsLine={data.postsLine ?? null} registrationsLine={data.registrationsLine ?? null} warning={data.conferenceWarning ?? null} canFixConference={data.canFixConference ?? false} accountChanges={data.accountChanges ?? []} accountChangesDays={data.accountChangesDays ?? 0} money={"money" in data ? data.money : null} bursts={data.bursts ?? []} /> : null}
        {List && "list" in data ? <List {...(data.list as Omit<ListProps<ListTab>, "deleteId">)} deleteId={data.deleteId ?? null} /> : null}
      </div>
    </div>
  );
}
