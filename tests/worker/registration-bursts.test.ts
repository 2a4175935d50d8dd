// Issue 28, finding 1 (docs/decisions/026-registration-bursts.md): when an event receives
// registrations from the website at more than 10 times its usual rate (the average hour of the 7
// days before the last hour), with at least 20 in the last hour, every Administrator gets one e-mail
// for the burst and the dashboard shows a card with the way to the event's desk. Through the
// Worker's real fetch; the event's history is written straight to D1 with times relative to now.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { ORGANISATION_DEFAULTS } from "~/features/settings/organisation";
import { allSettled, fakeSender, outboxRows, SITE_URL, waitForOutbox, withEmailSetUp } from "./email-helpers";
import { countD1Calls, createAdmin, postForm, postGroupForm, request, runSql, seedReference, signIn, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

const FUTURE = "2030-06-12T06:00:00.000Z";
const MINUTE = 60_000;
let nextPhone = 400000;

async function setUp({ admins = ["admin@example.org", "second@example.org"] } = {}) {
  await seedReference();
  for (const email of admins) await createAdmin(email);
  await createAdmin("editor@example.org", undefined, "editor");
  await runSql([`INSERT INTO churchevents (id, name, date) VALUES (1, 'Men''s Conference', '${FUTURE}'), (2, 'Quiet Retreat', '${FUTURE}')`]);
}

/** `n` registrations from the website's form written straight to D1, made `minutesAgo` before now (spread a minute apart from there). */
async function history(n: number, minutesAgo: (i: number) => number, extra = "") {
  const rows = Array.from({ length: n }, (_, i) => {
    const at = new Date(Date.now() - minutesAgo(i) * MINUTE).toISOString();
    const phone = `+265881${String(nextPhone++).padStart(6, "0")}`;
    return `(1, 'Earlier ${phone}', '${phone}', '${phone}', 'H${String(nextPhone).slice(-5)}', 'token-${phone}-0123456789', '${at}', '${at}'${extra})`;
  });
  for (let i = 0; i < rows.length; i += 200) {
    await runSql([
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, code, token, created_at, queued_at${extra ? ", source" : ""}) VALUES ${rows.slice(i, i + 200).join(", ")}`,
    ]);
  }
}

/** One registration through the island's endpoint, each from its own address (one address may register only so many). */
function register(eventId = 1) {
  const phone = `0991 ${nextPhone++}`;
  return postForm("/api/registrations", { event_id: String(eventId), full_name: `Brother ${phone}`, phone_number: phone, email: "" }, { ip: `198.51.100.${nextPhone % 250}` });
}

async function bursts() {
  return (await env.DB.prepare("SELECT event_id, last_hour, previous_week FROM registration_bursts ORDER BY id").all()).results;
}

async function alertRecipients() {
  return (await env.DB.prepare("SELECT recipient FROM email_outbox WHERE kind = 'registration-burst' ORDER BY recipient").all<{ recipient: string }>()).results.map((row) => row.recipient);
}

describe("noticing a burst", () => {
  it("fires at the threshold and not below it: more than 10 times the usual hourly rate", async () => {
    await setUp();
    // Usually 2 an hour: 336 in the 7 days before the last hour. 10 times that is 20: it takes 21.
    await history(336, (i) => 61 + i * 30);
    await history(19, (i) => 50 - i);
    expect((await register()).status).toBe(200);
    expect(await bursts()).toEqual([]);
    expect(await alertRecipients()).toEqual([]);
    expect((await register()).status).toBe(200);
    expect(await bursts()).toEqual([{ event_id: 1, last_hour: 21, previous_week: 336 }]);
    // Every Administrator, and nobody else (an Editor is not e-mailed).
    expect(await alertRecipients()).toEqual(["admin@example.org", "second@example.org"]);
    // Another event's registrations are its own.
    expect((await register(2)).status).toBe(200);
    expect(await bursts()).toHaveLength(1);
  });

  it("never alerts for an event's first registrations: at least 20 in the last hour, however quiet the week was", async () => {
    await setUp();
    await history(18, (i) => 40 - i);
    // Staff's additions do not count towards a burst.
    await history(10, (i) => 30 - i, ", 'desk'");
    expect((await register()).status).toBe(200);
    expect(await bursts()).toEqual([]);
    expect((await register()).status).toBe(200);
    expect(await bursts()).toEqual([{ event_id: 1, last_hour: 20, previous_week: 0 }]);
    // Registrations older than an hour are the usual rate, not the burst.
    await runSql(["DELETE FROM registration_bursts", "DELETE FROM email_outbox"]);
    await runSql([`UPDATE event_registrations SET created_at = '${new Date(Date.now() - 2 * 60 * MINUTE).toISOString()}'`]);
    for (let i = 0; i < 3; i++) await register();
    expect(await bursts()).toEqual([]);
  });

  it("counts a leader's group as one form sent: one group of 25 men alerts nobody, and groups sent one after another alert as registrations would", async () => {
    await setUp();
    const group = (men: number) =>
      postGroupForm(1, { name: `Leader ${nextPhone}`, phone: `0991 ${nextPhone++}`, email: "" }, Array.from({ length: men }, (_, i) => ({ name: `Man ${nextPhone} ${i}`, phone: `0888 ${nextPhone++}` })), {
        ip: `203.0.113.${nextPhone % 250}`,
      });
    expect((await group(25)).status).toBe(303);
    expect(await bursts()).toEqual([]);
    // 18 registrations from the form and the group make 19 forms sent; the next group tips it, in its own batch.
    await history(18, (i) => 50 - i);
    expect(await bursts()).toEqual([]);
    expect((await group(2)).status).toBe(303);
    expect(await bursts()).toEqual([{ event_id: 1, last_hour: 20, previous_week: 0 }]);
    expect(await alertRecipients()).toEqual(["admin@example.org", "second@example.org"]);
  });

  it("sends one e-mail per Administrator for a burst, even when 25 registrations arrive at the same moment, and one per burst after that", async () => {
    await setUp();
    const responses = await Promise.all(Array.from({ length: 25 }, () => register()));
    expect(responses.map((response) => response.status)).toEqual(Array(25).fill(200));
    const seen = await bursts();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ event_id: 1, previous_week: 0 });
    expect(await alertRecipients()).toEqual(["admin@example.org", "second@example.org"]);
    // The burst goes on: no more e-mails for 6 hours.
    await Promise.all(Array.from({ length: 10 }, () => register()));
    expect(await bursts()).toHaveLength(1);
    expect(await alertRecipients()).toHaveLength(2);
    // Six hours later, a new burst is a new alert.
    await runSql([`UPDATE registration_bursts SET detected_at = '${new Date(Date.now() - 6 * 60 * MINUTE - MINUTE).toISOString()}'`]);
    await register();
    expect(await bursts()).toHaveLength(2);
    expect(await alertRecipients()).toHaveLength(4);
  });

  it("costs the registration no extra D1 round trip: one that tips a burst costs what any other does", async () => {
    await setUp();
    await history(18, (i) => 40 - i);
    const quiet = countD1Calls();
    expect((await register()).status).toBe(200);
    const quietCalls = quiet();
    vi.restoreAllMocks();
    const tipping = countD1Calls();
    expect((await register()).status).toBe(200);
    const tippingCalls = tipping();
    vi.restoreAllMocks();
    expect(await bursts()).toHaveLength(1);
    // Two rate limits, what registering needs to know, and the write's batch: as before bursts were noticed.
    expect(quietCalls).toBe(4);
    expect(tippingCalls).toBe(quietCalls);
  });
});

describe("what staff see", () => {
  withEmailSetUp();

  it("e-mails each Administrator which event, how many against usual, and the desk's link, rendered when sent", async () => {
    const sender = fakeSender();
    await setUp();
    await history(84, (i) => 61 + i * 120);
    await history(19, (i) => 50 - i);
    await register();
    await waitForOutbox((rows) => rows.length === 2 && allSettled(rows), "kind = 'registration-burst'");
    const rows = await outboxRows("kind = 'registration-burst'");
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
    expect(rows[0]!.subject).toBe("Registration burst: Men's Conference");
    const text = rows[0]!.body_text!;
    for (const part of [
      "Men's Conference received 20 registrations on the website in the hour to",
      "usually about 0.5 an hour",
      "Cancel a burst",
      `${SITE_URL}/admin/events/registrations/1`,
      ORGANISATION_DEFAULTS.name,
    ]) {
      expect(text).toContain(part);
    }
    expect(sender.accepted.map((payload) => payload.to).sort()).toEqual(["admin@example.org", "second@example.org"]);
  });

  it("shows the burst on the dashboard for a day, with the count against usual and the way to the desk", async () => {
    await setUp();
    await history(19, (i) => 50 - i);
    await register();
    await register();
    for (const email of ["admin@example.org", "editor@example.org"]) {
      const cookie = await signIn(email);
      const body = await (await request("/admin", { cookie })).text();
      const text = textOf(body);
      expect(text).toContain("Registrations far faster than usual");
      expect(text).toMatch(/Men's Conference received 20 registrations on the website in the hour to \d\d:\d\d on \w{3} \d{1,2}; usually none in the 7 days before\. 1 more since\./);
      expect(body).toContain('href="/admin/events/registrations/1"');
      expect(text).toContain("Open the registration desk of Men's Conference");
    }
    await runSql([`UPDATE registration_bursts SET detected_at = '${new Date(Date.now() - 25 * 60 * MINUTE).toISOString()}'`]);
    const later = textOf(await (await request("/admin", { cookie: await signIn() })).text());
    expect(later).not.toContain("Registrations far faster than usual");
  });

  it("lets staff dismiss a burst of real people: the card leaves everyone's dashboard, the log names who, and of two dismissals at once one is told it already was", async () => {
    await setUp();
    await history(19, (i) => 50 - i);
    await register();
    await register();
    const [burst] = (await env.DB.prepare("SELECT id FROM registration_bursts").all<{ id: number }>()).results;
    const editor = await signIn("editor@example.org");
    const card = await (await request("/admin", { cookie: editor })).text();
    expect(textOf(card)).toContain("Dismiss: the registrations for Men's Conference are real people");
    // A plain form (no JavaScript needed) to the dashboard's own action.
    const form = /<form [^>]*>(?=<input type="hidden" name="intent" value="dismiss-burst"\/>)/.exec(card)?.[0];
    expect(form).toContain('action="/admin?index"');
    expect(form).toContain('method="post"');
    expect(card).toContain(`<input type="hidden" name="burst_id" value="${burst!.id}"/>`);
    const dismiss = (cookie = editor) => postForm("/admin?index", { intent: "dismiss-burst", burst_id: String(burst!.id) }, { cookie });
    // A Door volunteer cannot: the dashboard is not theirs, and their /admin leads to check-in before anything is done.
    await createAdmin("door@example.org", undefined, "volunteer");
    const door = await dismiss(await signIn("door@example.org"));
    expect(door.status).toBe(303);
    expect(door.headers.get("Location")).toBe("/admin/check-in");
    expect(await env.DB.prepare("SELECT dismissed_at FROM registration_bursts").first()).toEqual({ dismissed_at: null });
    const answers = await Promise.all([dismiss(), dismiss()]);
    expect(answers.map((answer) => answer.status)).toEqual([302, 302]);
    const toasts = (await Promise.all(answers.map(toastOf))).map((toast) => toast?.title).sort();
    expect(toasts).toEqual(["Alert dismissed", "Error"]);
    for (const cookie of [editor, await signIn()]) {
      expect(textOf(await (await request("/admin", { cookie })).text())).not.toContain("Registrations far faster than usual");
    }
    const log = await env.DB.prepare("SELECT actor, action, target, summary FROM activity_log WHERE action = 'Dismissed'").all();
    expect(log.results).toEqual([{ actor: "editor@example.org", action: "Dismissed", target: `registration burst alert ${burst!.id} “Men's Conference”`, summary: "Real people" }]);
    expect((await toastOf(await postForm("/admin?index", { intent: "dismiss-burst", burst_id: "999" }, { cookie: editor })))?.description).toBe("That alert was already dismissed, or no longer exists.");
  });
});
