// A form that could not be saved is not lost (docs/decisions/037-unsaved-forms.md):
// - sent after its admin's session ended: the admin guard keeps its text fields, for the browser
//   that sent them (a cookie holds the row's random id) and the account that browser last signed
//   in as (its device cookie), and sends the admin to sign in; that account's sign-in leads to
//   /admin/account/unsaved, which sends the same fields to the same page again, as its own
//   form would have, or discards them;
// - sent to a record deleted meanwhile: its save keeps them the same way and leads to that page,
//   which offers to add them again as a new record.
// Sending them again (or discarding them) forgets the row. Rows are kept a day at most.
import { and, eq, gte, lt } from "drizzle-orm";
import { unsaved_forms } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { clientAddress, consumeRateLimit, type RateLimitRule } from "../../server/abuse.server";
import { isHttps, readCookie, serializeCookie } from "../../server/cookies.server";
import { BadRequest, readFormOrBadRequest } from "../../server/forms.server";
import { MAX_ADMIN_FORM_BYTES } from "../../server/admin-actions.server";
import { nameOf } from "./activity.server";
import { deviceOwner } from "./device-cookie.server";
import { adminAreaOf, canUse, homeOf, type AdminRole } from "./roles";
import { RETURN_PARAM } from "~/lib/sign-in-path";
import { UNSAVED_FORM_PATH } from "./unsaved-forms";

const KEPT_SECONDS = 24 * 60 * 60;
/** More text than any of the admin forms asks for (a blog post's content is at most 50,000 characters). */
const MOST_CHARACTERS = 200_000;
/** Forms kept for one address an hour: nobody signed in can write these rows. */
const KEEPING_LIMIT: RateLimitRule = { name: "unsaved-form-ip", limit: 30, windowSeconds: 60 * 60 };

export type UnsavedReason = "signed-out" | "deleted";
/** A kept form: where it goes, its fields, and for its page the record's name and what was typed. */
export type UnsavedForm = { path: string; fields: [string, string][]; hadFile: boolean; reason: UnsavedReason; name: string | null; typed: [string, string][] };

function cookieName(request: Request): string {
  return isHttps(request) ? "__Host-unsaved-form" : "unsaved-form";
}

/** The page a form was sent to, as a browser would send it again: React Router's data requests (`/x.data`) read as the page `/x`. */
export function pagePathOf(url: URL): string {
  const pathname = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : url.pathname;
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString().replace(/=(?=&|$)/g, "");
  return query ? `${pathname}?${query}` : pathname;
}

/** A record's form for a new one (`/admin/blogs/edit/4` → `/admin/blogs/new`): where a deleted record's edit is added again. */
function newRecordPath(path: string): string {
  return path.replace(/\/edit\/\d+$/, "/new");
}

/**
 * The deleted record's own parts mean nothing to a new one: its question rows' ids, and an uploaded
 * picture (released with it; a bundled sample picture stays).
 */
function belongsToDeletedRecord(name: string, value: string): boolean {
  return /(^|\.)id$/.test(name) || (name === "image_url" && value.startsWith("/images/"));
}

/** Fields that carry no typing of the admin's (the form's own machinery, a picture's address); ids and references (`category_id`) neither. */
const MACHINERY = new Set(["intent", "version", "website", "image_url", "image_sample"]);

/** What the admin typed, to show: no machinery, nothing empty, no ticked box (it sends "on"). */
function typedOf(fields: [string, string][]): [string, string][] {
  return fields.filter(([name, value]) => !MACHINERY.has(name) && !/(^|[._])id$/.test(name) && value.trim() !== "" && value !== "on");
}

/**
 * Keeps the text fields of a form that could not be saved, when it is of a size an admin form has:
 * the cookie to set, or null when nothing was kept (a failure to keep it is logged: the answer the
 * admin gets stays the same). `signed-out`: kept to send again to the page it was sent to;
 * `deleted`: to add again as a new record.
 */
export async function keepUnsavedForm(request: Request, form: FormData, reason: UnsavedReason, owner: string): Promise<string | null> {
  try {
    return await storeUnsavedForm(request, form, reason, owner);
  } catch (error) {
    console.error("Could not keep a form that was not saved:", error);
    return null;
  }
}

async function storeUnsavedForm(request: Request, form: FormData, reason: UnsavedReason, owner: string): Promise<string | null> {
  const path = reason === "deleted" ? newRecordPath(pagePathOf(new URL(request.url))) : pagePathOf(new URL(request.url));
  const fields: [string, string][] = [];
  let hadFile = false;
  for (const [name, value] of form) {
    if (typeof value !== "string") hadFile ||= value.size > 0;
    else if (/password/i.test(name)) continue; // never stored as typed, whatever the form
    else if (reason === "deleted" && belongsToDeletedRecord(name, value)) hadFile ||= name === "image_url";
    // Restoring an earlier version of it, or saving it: either is added again as a new one.
    else if (reason === "deleted" && name === "intent") fields.push([name, "save"]);
    else fields.push([name, value]);
  }
  const text = JSON.stringify(fields);
  if (text.length > MOST_CHARACTERS) return null;
  if (!(await consumeRateLimit(KEEPING_LIMIT, clientAddress(request)))) return null;
  const id = crypto.randomUUID();
  await getDb().insert(unsaved_forms).values({ id, owner: owner.toLowerCase(), path, fields: text, reason, had_file: hadFile });
  return serializeCookie(request, cookieName(request), id, { maxAge: KEPT_SECONDS, sameSite: "Strict" });
}

/**
 * The account pages' forms hold passwords and sign-in codes, which are never stored as typed; there
 * is nothing else on them to keep.
 */
const ACCOUNT_PAGES = /^\/admin\/account(\/|\.data|$)/;

/**
 * For the admin guard: keeps a form posted without a valid session (the cookie to set, or null),
 * for the account this device last signed in as (its device cookie): only they will be shown it.
 * A browser that never signed in has nothing to keep.
 */
export async function keepSignedOutForm(request: Request): Promise<string | null> {
  if (request.method !== "POST" || ACCOUNT_PAGES.test(new URL(request.url).pathname)) return null;
  const owner = await deviceOwner(request);
  if (!owner) return null;
  const form = await readFormOrBadRequest(request, MAX_ADMIN_FORM_BYTES);
  return form instanceof BadRequest ? null : keepUnsavedForm(request, form, "signed-out", owner);
}

/** Whether the browser says a form of it waits (the sign-in page says so). */
export function hasUnsavedForm(request: Request): boolean {
  return readCookie(request, cookieName(request)) !== null;
}

/** The browser's waiting form of `owner`, by the cookie's id, not older than a day. */
function keptFor(request: Request, owner: string, now = Date.now()) {
  const id = readCookie(request, cookieName(request));
  if (!id) return null;
  return and(eq(unsaved_forms.id, id), eq(unsaved_forms.owner, owner.toLowerCase()), gte(unsaved_forms.created_at, unsavedSince(now)));
}

/** Whether a form of `owner`'s waits in this browser (signing in then leads to it). */
export async function unsavedFormWaits(request: Request, owner: string): Promise<boolean> {
  const which = keptFor(request, owner);
  if (!which) return false;
  return (await getDb().select({ id: unsaved_forms.id }).from(unsaved_forms).where(which)).length > 0;
}

function unsavedSince(now: number): string {
  return new Date(now - KEPT_SECONDS * 1000).toISOString();
}

/** The form waiting in this browser for `owner` (the signed-in admin's e-mail), if any. */
export async function unsavedFormOf(request: Request, owner: string): Promise<UnsavedForm | null> {
  const which = keptFor(request, owner);
  if (!which) return null;
  const [row] = await getDb().select().from(unsaved_forms).where(which);
  if (!row) return null;
  const fields = JSON.parse(row.fields) as [string, string][];
  return { path: row.path, fields, hadFile: row.had_file, reason: row.reason, name: nameOf(Object.fromEntries(fields)), typed: typedOf(fields) };
}

/**
 * The page the sign-in was asked to lead back to (`/auth?next=/admin/…`, app/lib/sign-in-path.ts):
 * only a path of the admin area that this role may use, never another site or an unknown page.
 */
function returnPathOf(request: Request, role: AdminRole): string | null {
  const path = new URL(request.url).searchParams.get(RETURN_PARAM);
  if (!path || !/^\/admin(\/[\w-]+)*\/?$/.test(path)) return null;
  const area = adminAreaOf(path);
  return area !== "other" && canUse(role, area) ? path : null;
}

/** Where an admin goes on signing in: to a form of theirs kept in this browser, else the page asked for (returnPathOf), else their role's start. */
export async function startPageOf(request: Request, admin: { email: string; role: AdminRole }): Promise<string> {
  if (await unsavedFormWaits(request, admin.email)) return UNSAVED_FORM_PATH;
  return returnPathOf(request, admin.role) ?? homeOf(admin.role);
}

/**
 * Forgets `owner`'s waiting form once they have sent it again to its page (`path`), or in any case
 * when `path` is null (discarded, or nothing of theirs waits): the cookie that clears it, or null
 * when it stays. Another account's form stays for them.
 */
export async function forgetUnsavedForm(request: Request, owner: string, path: string | null): Promise<string | null> {
  const id = readCookie(request, cookieName(request));
  if (!id) return null;
  const mine = and(eq(unsaved_forms.id, id), eq(unsaved_forms.owner, owner.toLowerCase()));
  const forgotten = await getDb()
    .delete(unsaved_forms)
    .where(path === null ? mine : and(mine, eq(unsaved_forms.path, path)))
    .returning({ id: unsaved_forms.id });
  if (forgotten.length === 0) return null;
  return serializeCookie(request, cookieName(request), "", { maxAge: 0, sameSite: "Strict" });
}

/** Deletes forms nobody came back for (run by the daily job). */
export async function deleteOldUnsavedForms(now = Date.now()): Promise<void> {
  await getDb().delete(unsaved_forms).where(lt(unsaved_forms.created_at, unsavedSince(now)));
}
