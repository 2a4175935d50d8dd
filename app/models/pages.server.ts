// What each public page reads: one function per page, each one D1 round trip (a batch). When a
// page shows several independent parts, a failed batch is retried part by part (readParts), so one
// broken part falls back without emptying the others.
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { getDb } from "~/db/db.server";
import { HOME_EVENTS_LIMIT, HOME_MINISTRIES_LIMIT, HOME_TESTIMONIES_LIMIT } from "~/lib/constants";
import { postByIdQuery, postBySlugQuery, postSummariesQuery } from "./blog.server";
import { activeEventByIdQuery, activeEventsQuery } from "./event.server";
import { activeMembersWithPositionQuery } from "./leadership.server";
import { activeMinistriesQuery, activeMinistryBySlugQuery } from "./ministry.server";
import { activeTestimoniesQuery } from "./testimony.server";

type Queries = Readonly<[BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>;

/** One part of a page: its rows, or null when it could not be read. */
type Parts<T extends Queries> = { [K in keyof T]: BatchResponse<T>[K] | null };

/**
 * The queries' results in one round trip. If the batch fails, each query is read on its own, and a
 * part that still fails is null; `degraded` says the page is patched up (never to be cached).
 */
async function readParts<T extends Queries>(page: string, queries: T): Promise<{ parts: Parts<T>; degraded: boolean }> {
  try {
    return { parts: (await getDb().batch(queries)) as Parts<T>, degraded: false };
  } catch (error) {
    console.error(`${page}: the batch failed; reading its parts one by one:`, error);
    const settled = await Promise.allSettled(queries.map((query) => Promise.resolve(query)));
    const parts = settled.map((result) => {
      if (result.status === "fulfilled") return result.value;
      console.error(`${page}: a part failed:`, result.reason);
      return null;
    });
    return { parts: parts as Parts<T>, degraded: true };
  }
}

/** Home: up to 3 ministries, 3 upcoming events and 5 testimonies, each null when it failed. */
export async function homePage() {
  const db = getDb();
  const { parts, degraded } = await readParts("Home page", [
    activeMinistriesQuery(db, HOME_MINISTRIES_LIMIT),
    activeEventsQuery(db, HOME_EVENTS_LIMIT),
    activeTestimoniesQuery(db, HOME_TESTIMONIES_LIMIT),
  ]);
  const [ministries, events, testimonies] = parts;
  return { ministries, events, testimonies, degraded };
}

/** /events: every active event, soonest first. */
export function eventsPage() {
  return activeEventsQuery(getDb()).all();
}

/** /events/{id} and its calendar file: the active event, or undefined. */
export async function eventPage(id: number) {
  const [event] = await activeEventByIdQuery(getDb(), id);
  return event;
}

/** /ministries: every active ministry, and the one ?slug= names (null when none or unknown). */
export async function ministriesPage(slug: string | null) {
  const db = getDb();
  if (!slug) return { ministries: await activeMinistriesQuery(db), selected: null };
  const [ministries, [selected]] = await db.batch([activeMinistriesQuery(db), activeMinistryBySlugQuery(db, slug)]);
  return { ministries, selected: selected ?? null };
}

/** /ministries/{slug}: the active ministry, or undefined. */
export async function ministryPage(slug: string) {
  const [ministry] = await activeMinistryBySlugQuery(getDb(), slug);
  return ministry;
}

/** /leadership: active members with their positions. */
export function leadershipPage() {
  return activeMembersWithPositionQuery(getDb()).all();
}

/** /blog (and the feed): every post's summary, newest first. */
export function blogPage() {
  return postSummariesQuery(getDb()).all();
}

/** /blog/{slug}: the post by slug, else by id when the parameter is a number (SPEC section 7). */
export async function blogPostPage(param: string) {
  const db = getDb();
  if (!/^\d{1,15}$/.test(param)) {
    const [post] = await postBySlugQuery(db, param);
    return post;
  }
  const [[bySlug], [byId]] = await db.batch([postBySlugQuery(db, param), postByIdQuery(db, Number(param))]);
  return bySlug ?? byId;
}

/** /testimonies: every active testimony, newest first. */
export function testimoniesPage() {
  return activeTestimoniesQuery(getDb()).all();
}

/** /sitemap.xml: every active ministry and event, and every post. */
export async function sitemapPage() {
  const db = getDb();
  const [ministries, events, posts] = await db.batch([activeMinistriesQuery(db), activeEventsQuery(db), postSummariesQuery(db)]);
  return { ministries, events, posts };
}
