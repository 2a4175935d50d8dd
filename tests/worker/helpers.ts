// Helpers for worker-level tests: requests go through the real Worker (Hono + React Router) with
// the test's own isolated D1 and R2.
import { env, exports } from "cloudflare:workers";
import { vi } from "vitest";
import { referenceSeedSql } from "~/db/seed/reference";
import { demoSeedSql } from "~/db/seed/demo";
import type { AdminRole } from "~/features/accounts/roles";
import type { Toast } from "~/lib/toast";
import { hashPassword } from "~/features/accounts/password.server";
import { takeToast, TOAST_COOKIE } from "~/server/toast.server";

export const ORIGIN = "http://localhost";

export type RequestOptions = {
  method?: string;
  cookie?: string | null;
  /** The client's address as Cloudflare would report it (rate limits are per address). */
  ip?: string;
  headers?: Record<string, string>;
  body?: BodyInit | null;
};

export function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.ip) headers.set("CF-Connecting-IP", options.ip);
  const method = options.method ?? "GET";
  if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", ORIGIN);
  return exports.default.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: options.body ?? null, redirect: "manual" }),
  );
}

/** A plain HTML form post (JavaScript off in the browser). */
export function postForm(path: string, fields: Record<string, string>, options: RequestOptions = {}) {
  return request(path, {
    ...options,
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...options.headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A leader's group as the group form posts it (/events/{id}/group, no JavaScript): his fields, then each man's line. */
export function postGroupForm(
  eventId: number,
  leader: { name: string; phone: string; email: string },
  men: readonly { name: string; phone?: string }[],
  options: RequestOptions & { mode?: string } = {},
) {
  const fields: Record<string, string> = { event_id: String(eventId), leader_name: leader.name, leader_phone: leader.phone, leader_email: leader.email, mode: options.mode ?? "all-or-nothing", lines: "10" };
  men.forEach((man, i) => {
    fields[`men[${i}].full_name`] = man.name;
    if (man.phone) fields[`men[${i}].phone_number`] = man.phone;
  });
  return postForm(`/events/${eventId}/group`, fields, options);
}

/** The `name=value` pairs a browser would send back, from a response's Set-Cookie headers. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

export function cookieValue(response: Response, name: string): string | null {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [key, ...rest] = pair!.split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

/**
 * SQL for a fixture registration's required reference code and private-link token (random, so
 * rows inserted by one statement never collide): `INSERT … (…, code, token) SELECT …, ${FIXTURE_CODE}, ${FIXTURE_TOKEN}`.
 */
export const FIXTURE_CODE = "upper(hex(randomblob(5)))";
export const FIXTURE_TOKEN = "hex(randomblob(16))";

/** The version an edit form opened now carries (its hidden `version` field); "1" for a missing record. */
export async function formVersion(table: "churchevents" | "church_testimonies" | "leadership_members" | "associations", id: number): Promise<string> {
  const row = await env.DB.prepare(`SELECT version FROM ${table} WHERE id = ?1`).bind(id).first<{ version: number }>();
  return String(row?.version ?? 1);
}

export async function runSql(statements: string[]) {
  if (statements.length) await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
}

export async function seedReference() {
  await runSql(referenceSeedSql());
}

export const TEST_ADMIN = { email: "admin@example.org", password: "correct-horse-battery" };

export async function seedDemo(now = new Date()) {
  await seedReference();
  await runSql(demoSeedSql(now, await hashPassword("demo-password-123")));
}

/** An account with a role (an Administrator unless told otherwise); returns its id. */
export async function createAdmin(email = TEST_ADMIN.email, password = TEST_ADMIN.password, role: AdminRole = "admin") {
  const hash = await hashPassword(password);
  await env.DB.prepare("INSERT INTO admin_users (email, password_hash, role) VALUES (?1, ?2, ?3)").bind(email, hash, role).run();
  const row = await env.DB.prepare("SELECT id FROM admin_users WHERE email = ?1").bind(email).first<{ id: number }>();
  return row!.id;
}

/** Signs in through the real /auth form and returns the Cookie header to send afterwards. */
export async function signIn(email = TEST_ADMIN.email, password = TEST_ADMIN.password, ip = "203.0.113.1") {
  const response = await postForm("/auth", { email, password }, { ip });
  // Staff go to the dashboard (302); a door volunteer is sent on to check-in (303).
  if (response.status !== 302 && response.status !== 303) throw new Error(`sign-in failed with ${response.status}`);
  const token = cookieValue(response, "session");
  if (!token) throw new Error("sign-in set no session cookie");
  return `session=${token}`;
}

export async function html(response: Response): Promise<string> {
  return response.text();
}

/** The flash toast a redirect carries, read as the next page would read it (null when there is none). */
export async function toastOf(response: Response): Promise<Toast | null> {
  const value = cookieValue(response, TOAST_COOKIE);
  if (!value) return null;
  return (await takeToast(new Request(ORIGIN, { headers: { Cookie: `${TOAST_COOKIE}=${value}` } }))).toast;
}

/** A multipart admin form post (what the browser sends for forms with an image field). */
export function postMultipart(path: string, fields: Record<string, string | Blob>, options: RequestOptions = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.set(name, value, (value as File).name ?? "upload");
    else form.set(name, value);
  }
  return request(path, { ...options, method: "POST", body: form });
}

/**
 * Counts D1 round trips from now on: each batch, exec, or execution of a single prepared statement
 * (all/raw/first/run) is one. Call `vi.restoreAllMocks()` afterwards to remove the spies.
 */
export function countD1Calls(): () => number {
  const statement = Object.getPrototypeOf(env.DB.prepare("SELECT 1"));
  const spies = [
    vi.spyOn(env.DB, "batch"),
    vi.spyOn(env.DB, "exec"),
    ...(["all", "raw", "first", "run"] as const).map((method) => vi.spyOn(statement, method)),
  ];
  return () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
}
