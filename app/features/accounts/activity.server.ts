// Recording who did what. Admin actions note what they changed (`noteActivity`); the admin
// middleware writes the notes once the action has answered (app/features/accounts/admin-guard.server.ts),
// retrying, so a write is never left unrecorded and the log never undoes a write. Sign-ins,
// sign-outs and exports, which run outside the admin pages, record directly.
import type { RouterContextProvider } from "react-router";
import { activityContext, adminContext } from "./admin-context";
import { SAME_CREATE_MINUTES } from "~/lib/constants";
import { recordActivity, recordActivityOnce, type ActivityEntry } from "~/features/accounts/activity-log.server";
import { clientAddress } from "../../server/abuse.server";
import type { SaveKind } from "~/server/admin-actions.server";

type Context = Readonly<RouterContextProvider>;

/** Notes a change the signed-in admin made, for the log (written when the action has answered). */
export function noteActivity(context: Context, entry: Omit<ActivityEntry, "actor" | "kind"> & { kind?: "write" | "account" }) {
  context.get(activityContext).push({ ...entry, kind: entry.kind ?? "write", actor: context.get(adminContext).email });
}

/** 'event 4 “Lake Malawi Men's Retreat”': a record as the log names it. */
export function recordName(kind: string, id: number | null, name?: string | null): string {
  const label = name?.trim() ? ` “${name.trim().slice(0, 80)}”` : "";
  return id === null ? `${kind}${label}` : `${kind} ${id}${label}`;
}

/** The fields a save changed, as the log's summary ('Changed: capacity, location'). */
export function changedFields(before: Record<string, unknown> | null | undefined, after: Record<string, unknown>): string {
  if (!before) return "";
  const changed = differingFields(before, after);
  return changed.length ? `Changed: ${changed.join(", ")}` : "No changes";
}

/** The keys of `after` whose values differ in `before`. */
function differingKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((key) => key in before && JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
}

/** Whether `yours` holds just what `theirs` holds (a save sent again after its answer was lost). */
export function sameFields(theirs: Record<string, unknown>, yours: Record<string, unknown>): boolean {
  return differingKeys(theirs, yours).length === 0;
}

/** The fields of `after` whose values differ in `before`, in words ("capacity", "location"). */
function differingFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return differingKeys(before, after).map(fieldInWords);
}

/** The longest value of theirs a stale save's refusal quotes (longer ones are named only). */
const QUOTED_MAX = 80;

/**
 * What saving `yours` again would replace of `theirs` (the record as someone saved it meanwhile),
 * for a stale save's refusal: ' Yours and theirs differ in: events email (theirs: “…”), office
 * hours.' (their value quoted when it is short text or a number, so a field one did not touch is
 * seen before it is put back), or that they are the same.
 */
export function replacedFieldsText(theirs: Record<string, unknown>, yours: Record<string, unknown>): string {
  const fields = differingKeys(theirs, yours).map((key) => {
    const value = theirs[key];
    const quoted = typeof value === "number" || (typeof value === "string" && value.length > 0 && value.length <= QUOTED_MAX && !value.includes("\n"));
    return quoted ? `${fieldInWords(key)} (theirs: “${value}”)` : fieldInWords(key);
  });
  return fields.length ? ` Yours and theirs differ in: ${fields.join(", ")}.` : " Yours and theirs are the same: reload the page to see theirs.";
}

/** Fields whose names do not read as words once their underscores are spaces. */
const FIELD_WORDS: Record<string, string> = {
  sms_price_mwk: "SMS price",
  image_url: "picture",
  ends_at: "end",
  image_alt: "picture description",
  price: "fee",
  waitlist_enabled: "waiting list",
  registration_enabled: "registration",
};

/** A field as staff read it in the log ("office hours", not "office_hours"; "SMS price", not "sms price mwk"). */
function fieldInWords(key: string): string {
  return FIELD_WORDS[key] ?? key.replaceAll("_", " ");
}

/** A record's name as people know it: its name, title, full name or author. */
export function nameOf(fields: Record<string, unknown>): string | null {
  // A leader has both: his name, not his title ("Rev.").
  const name = fields.name ?? fields.full_name ?? fields.title ?? fields.author;
  return typeof name === "string" ? name : null;
}

const SAVED: Record<SaveKind, string> = { create: "Created", update: "Updated", restore: "Restored an earlier version of" };

/**
 * Notes a save of `record` ('event', 'blog post') with id `id`: created, updated or restored, and
 * for an update the fields it changed (`before`: the record as it was, `after`: what was saved).
 */
export function noteSaved(context: Context, kind: SaveKind, record: string, id: number, before: object | null, after: object) {
  const fields = after as Record<string, unknown>;
  noteActivity(context, {
    action: SAVED[kind],
    target: recordName(record, id, nameOf(fields)),
    summary: kind === "create" ? "" : changedFields(before as Record<string, unknown> | null, fields),
    // A create sent again within minutes is the same record (decision 049): logged once.
    ...(kind === "create" ? { onceWithinMinutes: SAME_CREATE_MINUTES } : {}),
  });
}

/**
 * Writes entries for a change that has already happened (retrying). Should the log still fail, the
 * change stands and its answer goes out; the entries go to the Worker's log in full rather than
 * vanish.
 */
export async function logActivity(entries: ActivityEntry[]): Promise<void> {
  try {
    await recordActivity(entries);
  } catch (error) {
    console.error("Activity log write failed; entries:", JSON.stringify(entries), error);
  }
}

/**
 * Logs an export a page fetches again and again (the door's list, every half minute) once an hour
 * per account and target; as logActivity, a failed write goes to the Worker's log, not to the visitor.
 */
export async function logActivityOnce(entry: ActivityEntry, now = new Date()): Promise<void> {
  try {
    await recordActivityOnce(entry, new Date(now.getTime() - 3600_000).toISOString());
  } catch (error) {
    console.error("Activity log write failed; entry:", JSON.stringify(entry), error);
  }
}

/**
 * A page or API the account's role may not use, or an action in a page it may use that its role may
 * not take (`intent`, e.g. "add-account"): ASVS 7.2.2, failed access decisions are logged.
 */
export function logRefusal(actor: string, request: Request, intent?: string): Promise<void> {
  const { pathname } = new URL(request.url);
  return logActivity([{ actor, kind: "refused", action: refusedAction(request.method, intent), target: pathname, address: clientAddress(request) }]);
}

/** What was refused, as staff read the log: opening a page, or a change (and which: "add-account"). */
function refusedAction(method: string, intent: string | undefined): string {
  const what = method === "GET" || method === "HEAD" ? "Refused: opening this page is not for this role" : "Refused: this change is not for this role";
  return intent ? `${what} (${intent})` : what;
}
