// What each public page reads: one function per page, each one D1 round trip (a batch), which
// always includes the site's settings (stored sections; the page turns them into values). If a
// batch fails, its parts are read one by one (readParts), so one broken part falls back without
// emptying the others: a part that still fails is null, and `degraded` says the page is patched up
// (never to be cached).
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { getDb, type Db } from "~/db/db.server";
import { errorForLog } from "~/server/log-text.server";
import { HOME_EVENTS_LIMIT, HOME_MINISTRIES_LIMIT, HOME_TESTIMONIES_LIMIT } from "~/lib/constants";
import { activeMembersWithPositionQuery, activeMinistriesQuery, activeMinistryBySlugQuery, activeTestimoniesQuery, movedMinistryQuery, movedPostQuery, postByIdQuery, postBySlugQuery, postSummariesQuery } from "~/features/publishing/index.server";
import { activeEventByIdQuery, activeEventsQuery, answersOfTokenQuery, associationChoicesOf, associationChoicesQuery, chosenConferenceEventQuery, eventQuestionsQuery, groupByTokenQueries, groupOf, nextOpenEventQuery, questionsOf, registrationByTokenQuery, registrationWithEventOf, upcomingEventOptionsQuery } from "~/features/events/index.server";
import { giftQueries, giftSettled, registrationFeeQuery, registrationPaymentsQuery } from "~/features/payments/index.server";
import { settingsPageData, settingsQuery } from "~/features/settings/index.server";
import { activeAssociationCountQuery, activeAssociationsQuery } from "~/features/associations/index.server";
import { confirmationQuery, unsubscribeQuery } from "~/features/messaging/index.server";
import { readableTypedPhone } from "~/server/phone.server";

type Queries = Readonly<[BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>;

/** One part of a page: its rows, or null when it could not be read. */
type Parts<T extends Queries> = { [K in keyof T]: BatchResponse<T>[K] | null };

async function readParts<T extends Queries>(page: string, queries: T): Promise<{ parts: Parts<T>; degraded: boolean }> {
  try {
    return { parts: (await getDb().batch(queries)) as Parts<T>, degraded: false };
  } catch (error) {
    console.error(`${page}: the batch failed; reading its parts one by one:`, errorForLog(error));
    const settled = await Promise.allSettled(queries.map((query) => Promise.resolve(query)));
    const parts = settled.map((result) => {
      if (result.status === "fulfilled") return result.value;
      console.error(`${page}: a part failed:`, errorForLog(result.reason));
      return null;
    });
    return { parts: parts as Parts<T>, degraded: true };
  }
}

/** A page's own queries plus the settings, in one round trip. */
async function withSettings<T extends Queries>(page: string, queries: (db: Db) => T) {
  const db = getDb();
  const { parts, degraded } = await readParts(page, [settingsQuery(db), ...queries(db)] as const);
  const [settings, ...own] = parts;
  return { settings, own: own as unknown as Parts<T>, degraded };
}

/** Pages that read nothing but the settings (about, mission, contact, sign-in, not found, the manifest). */
export async function settingsPage(page: string) {
  const { parts, degraded } = await readParts(page, [settingsQuery(getDb())]);
  return { settings: parts[0], degraded };
}

/** A subscription's confirmation link (/newsletter/confirm/{token}): the subscription it names. */
export async function confirmationPage(token: string) {
  const { settings, own, degraded } = await withSettings("Subscription confirmation page", (db) => [confirmationQuery(db, token)]);
  return { settings, subscription: own[0], degraded };
}

/** A newsletter's unsubscribe link (/newsletter/unsubscribe/{token}): the address it names. */
export async function unsubscribePage(token: string) {
  const { settings, own, degraded } = await withSettings("Unsubscribe page", (db) => [unsubscribeQuery(db, token)]);
  return { settings, subscriber: own[0], degraded };
}

/** Home: up to 3 ministries, 3 events and 5 testimonies, and the events the conference card may show. */
export async function homePage(now: Date) {
  const { settings, own, degraded } = await withSettings("Home page", (db) => [
    activeMinistriesQuery(db, HOME_MINISTRIES_LIMIT),
    activeEventsQuery(db, HOME_EVENTS_LIMIT),
    activeTestimoniesQuery(db, HOME_TESTIMONIES_LIMIT),
    chosenConferenceEventQuery(db),
    nextOpenEventQuery(db, now),
  ]);
  const [ministries, events, testimonies, chosen, next] = own;
  return { settings, ministries, events, testimonies, conferenceEvents: { chosen: chosen?.[0] ?? null, next: next?.[0] ?? null }, degraded };
}

/** /events: every active event, soonest first. */
export async function eventsPage() {
  const { settings, own, degraded } = await withSettings("Events page", (db) => [activeEventsQuery(db)]);
  return { settings, events: own[0], degraded };
}

/** /events/{id} and its calendar file: the active event (undefined when there is none). */
export async function eventPage(id: number) {
  const { settings, own, degraded } = await withSettings("Event page", (db) => [activeEventByIdQuery(db, id)]);
  return { settings, event: own[0] && (own[0][0] ?? undefined), degraded };
}

/** /events/{id}/register and /events/{id}/group: the active event, the questions it asks and the associations to choose from. */
export async function eventRegisterPage(id: number) {
  const { settings, own, degraded } = await withSettings("Event registration page", (db) => [
    activeEventByIdQuery(db, id),
    eventQuestionsQuery(db, id),
    associationChoicesQuery(db),
  ]);
  const [events, questions, associations] = own;
  return {
    settings,
    event: events && (events[0] ?? undefined),
    questions: questions && questionsOf(questions),
    associations: associations && associationChoicesOf(associations),
    degraded,
  };
}

/**
 * /registrations/{token}: the registration the private link is for, with its event (undefined when
 * the token is unknown). The same single batch runs for any token, known or not.
 */
export async function registrationPage(token: string, now: Date) {
  const { settings, own, degraded } = await withSettings("Registration page", (db) => [
    registrationByTokenQuery(db, token, now),
    registrationFeeQuery(db, token),
    registrationPaymentsQuery(db, token),
    answersOfTokenQuery(db, token),
  ]);
  const row = own[0] && own[0][0];
  const [, fee, payments, answers] = own;
  return {
    settings,
    registration: own[0] && (row ? registrationWithEventOf(row) : undefined),
    fee: fee?.[0],
    payments: payments ?? [],
    answers: (answers ?? []).map(({ label, value }) => ({ label, value })),
    degraded,
  };
}

/** A group's page (/groups/{token}): the group and its men (undefined when the link names none). */
export async function groupPage(token: string) {
  const { settings, own, degraded } = await withSettings("Group page", (db) => groupByTokenQueries(db, token));
  const [groups, members] = own;
  if (!groups || !members) throw new Error("The group could not be read");
  return { settings, found: groupOf(groups, members), degraded };
}

/** A gift's thank-you page (/give/{token}): the gift and its payment (asking the provider while it is under way). */
export async function giftThanksPage(token: string, now: Date) {
  const { settings, own, degraded } = await withSettings("Gift page", (db) => giftQueries(db, token));
  const [gifts, payments] = own;
  if (!gifts || !payments) throw new Error("The gift could not be read");
  return { settings, found: await giftSettled(token, now, [gifts, payments]), degraded };
}

/** /ministries: every active ministry, and the one ?slug= names (null when none or unknown). */
export async function ministriesPage(slug: string | null) {
  const { settings, own, degraded } = await withSettings("Ministries page", (db) => [
    activeMinistriesQuery(db),
    activeMinistryBySlugQuery(db, slug ?? ""),
  ]);
  const [ministries, selected] = own;
  return { settings, ministries, selected: slug ? (selected?.[0] ?? null) : null, degraded };
}

/**
 * Where a page's address moved (the record's current slug) when no record has `slug` now: links
 * shared on WhatsApp before an editor changed a title's address still lead to it. Read only then
 * (a second round trip for an unknown address, none for a page found).
 */
async function movedTo(query: PromiseLike<{ slug: string }[]>): Promise<string | undefined> {
  try {
    return (await query)[0]?.slug;
  } catch (error) {
    console.error("Could not look for a moved address", errorForLog(error));
    return undefined;
  }
}

/** /ministries/{slug}: the active ministry (undefined when there is none), or where its address moved. */
export async function ministryPage(slug: string) {
  const { settings, own, degraded } = await withSettings("Ministry page", (db) => [activeMinistryBySlugQuery(db, slug)]);
  const ministry = own[0] && (own[0][0] ?? undefined);
  const moved = ministry === undefined ? await movedTo(movedMinistryQuery(getDb(), slug)) : undefined;
  return { settings, ministry, moved, degraded };
}

/** /leadership: active members with their positions, each phone written alike however it was typed. */
export async function leadershipPage() {
  const { settings, own, degraded } = await withSettings("Leadership page", (db) => [activeMembersWithPositionQuery(db)]);
  const members = own[0]?.map((row) => ({ ...row, member: { ...row.member, phone: row.member.phone && readableTypedPhone(row.member.phone) } })) ?? null;
  return { settings, members, degraded };
}

/** /blog (and the feed): the summary of every post visitors see at `now`, newest first. */
export async function blogPage(now: Date) {
  const { settings, own, degraded } = await withSettings("Blog page", (db) => [postSummariesQuery(db, now)]);
  return { settings, posts: own[0], degraded };
}

/**
 * /blog/{slug}: the post by slug, else by id when the parameter is a number (SPEC section 7); by
 * either, only a post visitors see at `now`.
 */
export async function blogPostPage(param: string, now: Date) {
  const id = /^\d{1,15}$/.test(param) ? Number(param) : 0;
  const { settings, own, degraded } = await withSettings("Blog post page", (db) => [postBySlugQuery(db, param, now), postByIdQuery(db, id, now)]);
  const [bySlug, byId] = own;
  const failed = bySlug === null || byId === null;
  const post = failed ? null : (bySlug[0] ?? byId[0] ?? undefined);
  const moved = post === undefined ? await movedTo(movedPostQuery(getDb(), param, now)) : undefined;
  return { settings, post, moved, degraded };
}

/** /testimonies: every active testimony, newest first. */
export async function testimoniesPage() {
  const { settings, own, degraded } = await withSettings("Testimonies page", (db) => [activeTestimoniesQuery(db)]);
  return { settings, testimonies: own[0], degraded };
}

/** /associations: the active associations whose name or district contains `q`, and how many there are at all. */
export async function associationsPage(q: string) {
  const { settings, own, degraded } = await withSettings("Associations page", (db) => [activeAssociationsQuery(db, q), activeAssociationCountQuery(db)]);
  const [associations, total] = own;
  return { settings, associations, total: total ? (total[0]?.n ?? 0) : null, degraded };
}

/** /sitemap.xml: every active ministry and event, and every post visitors see at `now`. */
export async function sitemapPage(now: Date) {
  const db = getDb();
  const [ministries, events, posts] = await db.batch([activeMinistriesQuery(db), activeEventsQuery(db), postSummariesQuery(db, now)]);
  return { ministries, events, posts };
}

/** /admin/settings and /admin/pages: the stored sections and the upcoming events the conference card may follow. */
export async function settingsFormPage(now: Date) {
  const db = getDb();
  const [rows, upcomingEvents] = await db.batch([settingsQuery(db), upcomingEventOptionsQuery(db, now)]);
  return settingsPageData(rows, upcomingEvents);
}
