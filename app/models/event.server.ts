// Every query that touches `churchevents`.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { churchevents } from "~/db/schema";
import { ADMIN_EVENT_DATE_FORMAT, EVENT_DATE_FORMAT, EVENT_TIME_FORMAT } from "~/lib/constants";
import { calendarLinksOf, type CalendarLinks } from "~/lib/icalendar";
import { whatsappShareUrl } from "~/lib/seo";
import { formatInSiteZone } from "~/lib/time";
import type { Db } from "~/server/db.server";
import { deleteRegistrationsOfEventQuery } from "./registration.server";

export type ChurchEvent = typeof churchevents.$inferSelect;

/** Dated events first, soonest first; undated ones last (as the original Postgres backend ordered them). */
const byDateAscending = [sql`${churchevents.date} IS NULL`, asc(churchevents.date), asc(churchevents.id)] as const;

/** Active events by date ascending (SPEC section 7), optionally limited (3 on the home page). */
export function activeEventsQuery(db: Db, limit?: number) {
  const query = db
    .select()
    .from(churchevents)
    .where(eq(churchevents.active, true))
    .orderBy(...byDateAscending);
  return limit === undefined ? query : query.limit(limit);
}

/** One active event by id, for /events/{id}. */
export function activeEventByIdQuery(db: Db, id: number) {
  return db
    .select()
    .from(churchevents)
    .where(and(eq(churchevents.id, id), eq(churchevents.active, true)))
    .limit(1);
}

/**
 * What the public events pages send to the browser: only the fields a visitor sees, with the date and
 * time already written out in Malawi time (so the browser needs no time-zone code and prints exactly
 * what the server printed).
 */
export type PublicEvent = {
  id: number;
  name: string;
  /** The start as an ISO instant (for <time dateTime>), or null when not set yet. */
  date: string | null;
  /** 'EEEE, MMMM d, yyyy' in Malawi time, or null when there is no date. */
  dateText: string | null;
  /** 'h:mm a' in Malawi time, or null when there is no date. */
  timeText: string | null;
  location: string | null;
  description: string | null;
  imageUrl: string | null;
  imageAlt: string;
  registrationEnabled: boolean;
};

export function toPublicEvent(event: ChurchEvent): PublicEvent {
  return {
    id: event.id,
    name: event.name,
    date: event.date,
    dateText: formatInSiteZone(event.date, EVENT_DATE_FORMAT),
    timeText: formatInSiteZone(event.date, EVENT_TIME_FORMAT),
    location: event.location?.trim() || null,
    description: event.description?.trim() || null,
    imageUrl: event.image_url,
    // Admins may leave the description empty: the event's name then describes its picture.
    imageAlt: event.image_alt?.trim() || event.name,
    registrationEnabled: event.registration_enabled,
  };
}

/** An event as visitors see it, with the links to save it to a calendar and to pass it on. */
export type SharedEvent = PublicEvent & { calendar: CalendarLinks | null; whatsappHref: string };

export function toSharedEvent(row: ChurchEvent, origin: string): SharedEvent {
  const event = toPublicEvent(row);
  return { ...event, calendar: calendarLinksOf(row, origin), whatsappHref: whatsappShareUrl(event.name, `${origin}/events/${event.id}`) };
}

// Admin side (SPEC section 7, Admin reads and writes).

export type EventInput = Pick<
  ChurchEvent,
  "name" | "date" | "location" | "description" | "image_url" | "image_alt" | "active" | "registration_enabled"
>;

/** Newest date first; undated events first of all, as Postgres orders NULLs in a descending sort. */
const byDateDescending = [sql`${churchevents.date} IS NULL DESC`, desc(churchevents.date), desc(churchevents.id)] as const;

/** A row of the admin events list. */
export type AdminEventRow = {
  id: number;
  name: string;
  /** 'MMM d, yyyy' in Malawi time, or null when the date is not set. */
  dateText: string | null;
  location: string | null;
  imageUrl: string | null;
  active: boolean;
  registrationEnabled: boolean;
  /** How many registrations deleting the event would delete with it. */
  registrations: number;
};

/** Every event by date descending, for the admin list (its registration counts come in the same batch). */
export function eventsForAdminQuery(db: Db) {
  return db
    .select({
      id: churchevents.id,
      name: churchevents.name,
      date: churchevents.date,
      location: churchevents.location,
      image_url: churchevents.image_url,
      active: churchevents.active,
      registration_enabled: churchevents.registration_enabled,
    })
    .from(churchevents)
    .orderBy(...byDateDescending);
}

export function toAdminEventRow(event: Awaited<ReturnType<typeof eventsForAdminQuery>>[number], registrations: number): AdminEventRow {
  return {
    id: event.id,
    name: event.name,
    dateText: formatInSiteZone(event.date, ADMIN_EVENT_DATE_FORMAT),
    location: event.location,
    imageUrl: event.image_url,
    active: event.active,
    registrationEnabled: event.registration_enabled,
    registrations,
  };
}

/** The name and date of one event, for the heading of its registrations page. */
export function eventHeadingQuery(db: Db, id: number) {
  return db.select({ id: churchevents.id, name: churchevents.name, date: churchevents.date }).from(churchevents).where(eq(churchevents.id, id));
}

export function getEvent(db: Db, id: number) {
  return db.select().from(churchevents).where(eq(churchevents.id, id)).get();
}

export async function createEvent(db: Db, input: EventInput): Promise<number> {
  const row = await db.insert(churchevents).values(input).returning({ id: churchevents.id }).get();
  return row.id;
}

/** False when the event no longer exists. */
export async function updateEvent(db: Db, id: number, input: EventInput): Promise<boolean> {
  const rows = await db
    .update(churchevents)
    .set({ ...input, updated_at: new Date().toISOString() })
    .where(eq(churchevents.id, id))
    .returning({ id: churchevents.id });
  return rows.length === 1;
}

/**
 * Deletes the event and its registrations together (one atomic batch, whether or not the database
 * enforces the foreign key's cascade). Returns the removed event's image, or undefined if none.
 */
export async function deleteEvent(db: Db, id: number) {
  const [, removed] = await db.batch([
    deleteRegistrationsOfEventQuery(db, id),
    db.delete(churchevents).where(eq(churchevents.id, id)).returning({ image_url: churchevents.image_url }),
  ]);
  return removed[0];
}
