// The activity log (issue 17): every admin write, sign-ins (failed ones too), sign-outs, account
// changes and exports of personal data are recorded with who, when, what and which record; the
// Administrators' page filters by person, kind and day; nothing on the site edits it; a daily job
// prunes rows older than 13 months; and a write is never lost because its log entry failed.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DAILY_CRON } from "../../workers/scheduled-jobs";
import worker from "../../workers/app";
import { createAdmin, postForm, request, runSql, seedDemo, signIn, TEST_ADMIN } from "./helpers";
import { textOf } from "./public-helpers";

type Row = { at: string; actor: string; kind: string; action: string; target: string; summary: string; address: string | null };

async function logRows(): Promise<Row[]> {
  const { results } = await env.DB.prepare("SELECT at, actor, kind, action, target, summary, address FROM activity_log ORDER BY id").all<Row>();
  return results;
}

const ministry = {
  intent: "save",
  title: "Prayer Breakfast",
  slug: "",
  slug_auto: "on",
  short_description: "Men meeting for prayer before work.",
  full_description: "We meet on the first Saturday.",
  sort_order: "0",
  image_alt: "",
  active: "on",
};

let cookie: string;
beforeEach(async () => {
  await seedDemo();
  await createAdmin();
  cookie = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, "198.51.100.60");
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("what the log records", () => {
  it("sign-ins, failed sign-ins (with the address) and sign-outs", async () => {
    await postForm("/auth", { email: TEST_ADMIN.email, password: "a-wrong-password" }, { ip: "198.51.100.61" });
    await postForm("/auth", { email: "nobody@example.org", password: "a-wrong-password" }, { ip: "198.51.100.62" });
    await request("/logout", { method: "POST", cookie });
    expect(await logRows()).toEqual([
      expect.objectContaining({ actor: TEST_ADMIN.email, kind: "sign-in", action: "Signed in", summary: "Administrator", address: "198.51.100.60" }),
      expect.objectContaining({ actor: TEST_ADMIN.email, kind: "sign-in-failed", action: "Failed sign-in", summary: "Wrong password", address: "198.51.100.61" }),
      expect.objectContaining({ actor: "nobody@example.org", kind: "sign-in-failed", summary: "No such account", address: "198.51.100.62" }),
      expect.objectContaining({ actor: TEST_ADMIN.email, kind: "sign-out", action: "Signed out" }),
    ]);
  });

  it("each admin write: who, what, which record and what changed", async () => {
    await env.DB.exec("DELETE FROM activity_log");
    expect((await postForm("/admin/ministries/new", ministry, { cookie })).status).toBe(302);
    const { id } = (await env.DB.prepare("SELECT id FROM ministries WHERE title = 'Prayer Breakfast'").first<{ id: number }>())!;
    const { version } = (await env.DB.prepare("SELECT version FROM ministries WHERE id = ?1").bind(id).first<{ version: number }>())!;
    await postForm(`/admin/ministries/edit/${id}`, { ...ministry, version: String(version), short_description: "Men praying together before work." }, { cookie });
    await postForm(`/admin/ministries/edit/${id}`, { intent: "delete" }, { cookie });
    await postForm("/admin/messages", { intent: "mark-read", id: "1" }, { cookie });

    const rows = await logRows();
    expect(rows).toEqual([
      expect.objectContaining({ actor: TEST_ADMIN.email, kind: "write", action: "Created", target: `ministry ${id} “Prayer Breakfast”` }),
      expect.objectContaining({ kind: "write", action: "Updated", target: `ministry ${id} “Prayer Breakfast”`, summary: "Changed: short description" }),
      expect.objectContaining({ kind: "write", action: "Deleted", target: `ministry ${id} “Prayer Breakfast”` }),
      expect.objectContaining({ kind: "write", action: "Marked as read", target: "contact message 1" }),
    ]);
    for (const row of rows) expect(Date.now() - Date.parse(row.at)).toBeLessThan(60_000);
  });

  it("a leader is named by his name, not by his title", async () => {
    await env.DB.exec("DELETE FROM activity_log");
    const leader = { intent: "save", full_name: "Yohane Kaunda", position_id: "1", title: "Rev.", region: "", email: "", phone: "", bio: "", active: "on" };
    expect((await postForm("/admin/leadership/new", leader, { cookie })).status).toBe(302);
    const { id } = (await env.DB.prepare("SELECT id FROM leadership_members WHERE full_name = 'Yohane Kaunda'").first<{ id: number }>())!;
    expect(await logRows()).toEqual([expect.objectContaining({ action: "Created", target: `leadership member ${id} “Yohane Kaunda”` })]);
  });

  it("a registration is named by its man and its event, also where the desk posts only its id (a cancel)", async () => {
    const desk = "/admin/events/registrations/1";
    expect((await postForm(desk, { intent: "add", full_name: "Logged Mphatso", phone_number: "0991 555 123", email: "" }, { cookie })).status).toBe(302);
    const { id } = (await env.DB.prepare("SELECT id FROM event_registrations WHERE full_name = 'Logged Mphatso'").first<{ id: number }>())!;
    const { name } = (await env.DB.prepare("SELECT name FROM churchevents WHERE id = 1").first<{ name: string }>())!;
    await env.DB.exec("DELETE FROM activity_log");
    expect((await postForm(desk, { intent: "cancel", registration_id: String(id) }, { cookie })).status).toBe(302);
    expect(await logRows()).toEqual([expect.objectContaining({ action: "Cancelled a registration", target: `registration ${id} “Logged Mphatso” at event 1 “${name}”` })]);
  });

  it("a published post edited in a browser lists only what was changed: not its untouched text (sent as CRLF), nor its publishing time", async () => {
    const post = { intent: "save", title: "Walking With God", slug: "", slug_auto: "on", author: "Rev. Chikondi Banda", date: "2026-03-05", category_id: "3", image_alt: "", status: "published" };
    // A browser sends a textarea's lines as CRLF.
    const content = "First paragraph.\r\n\r\nSecond paragraph.";
    expect((await postForm("/admin/blogs/new", { ...post, excerpt: "A short devotional.", content }, { cookie })).status).toBe(302);
    const stored = (await env.DB.prepare("SELECT id, version, content, publish_at FROM churchblogs WHERE title = 'Walking With God'").first<{ id: number; version: number; content: string; publish_at: string }>())!;
    expect(stored.content).toBe("First paragraph.\n\nSecond paragraph.");
    await env.DB.exec("DELETE FROM activity_log");
    await postForm(`/admin/blogs/edit/${stored.id}`, { ...post, version: String(stored.version), excerpt: "A devotional for Monday.", content }, { cookie });
    expect((await logRows()).map((row) => row.summary)).toEqual(["Changed: excerpt"]);
    expect((await env.DB.prepare("SELECT publish_at FROM churchblogs WHERE id = ?1").bind(stored.id).first<{ publish_at: string }>())!.publish_at).toBe(stored.publish_at);
  });

  it("a refused save writes nothing to the log", async () => {
    await env.DB.exec("DELETE FROM activity_log");
    expect((await postForm("/admin/ministries/new", { ...ministry, title: " " }, { cookie })).status).toBe(400);
    expect(await logRows()).toEqual([]);
  });

  it("account changes, and every export of personal data", async () => {
    await env.DB.exec("DELETE FROM activity_log");
    await postForm("/admin/account", { intent: "add-account", email: "door@example.org", password: "plateau-sunrise-walk", role: "volunteer", current_password: TEST_ADMIN.password }, { cookie });
    expect((await request("/api/admin/subscribers.csv", { cookie })).status).toBe(200);
    expect((await request("/api/admin/events/1/registrations.csv", { cookie })).status).toBe(200);
    expect((await request("/api/admin/events/1/contacts.vcf", { cookie })).status).toBe(200);
    const { name } = (await env.DB.prepare("SELECT name FROM churchevents WHERE id = 1").first<{ name: string }>())!;
    expect(await logRows()).toEqual([
      expect.objectContaining({ kind: "account", action: "Added account", target: "door@example.org", summary: "Role: Door volunteer" }),
      expect.objectContaining({ kind: "export", action: "Exported subscribers (CSV)", target: "subscribers" }),
      expect.objectContaining({ kind: "export", action: "Exported registrations (CSV)", target: `event 1 “${name}”` }),
      expect.objectContaining({ kind: "export", action: "Exported contacts (vCard)", target: `event 1 “${name}”` }),
    ]);
  });
});

describe("a write and its log entry", () => {
  const failLogInserts = (times: number) => {
    const prepare = env.DB.prepare.bind(env.DB);
    let failures = 0;
    return vi.spyOn(env.DB, "prepare").mockImplementation((query: string) => {
      if (/^insert into "activity_log"/i.test(query) && failures < times) {
        failures++;
        throw new Error("D1_ERROR: simulated failure");
      }
      return prepare(query);
    });
  };

  it("are both kept when the log fails once: the entry is retried", async () => {
    await env.DB.exec("DELETE FROM activity_log");
    failLogInserts(1);
    expect((await postForm("/admin/ministries/new", ministry, { cookie })).status).toBe(302);
    expect(await logRows()).toEqual([expect.objectContaining({ action: "Created", target: expect.stringContaining("Prayer Breakfast") })]);
  });

  it("never lose the write when the log keeps failing; the entry goes to the Worker's log in full", async () => {
    await env.DB.exec("DELETE FROM activity_log");
    failLogInserts(100);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await postForm("/admin/ministries/new", ministry, { cookie });
    expect(response.status).toBe(302);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM ministries WHERE title = 'Prayer Breakfast'").first("n")).toBe(1);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("Activity log write failed"), expect.stringContaining("Prayer Breakfast"), expect.anything());
  });
});

describe("the Activity page", () => {
  beforeEach(async () => {
    await env.DB.exec("DELETE FROM activity_log");
    await runSql([
      `INSERT INTO activity_log (at, actor, kind, action, target, summary) VALUES
        ('2026-03-01T06:00:00.000Z', 'editor@example.org', 'write', 'Updated', 'event 1 “Retreat”', 'Changed: capacity'),
        ('2026-03-01T21:59:00.000Z', 'admin@example.org', 'export', 'Exported registrations (CSV)', 'event 1 “Retreat”', ''),
        ('2026-03-01T22:01:00.000Z', 'admin@example.org', 'account', 'Changed role', 'door@example.org', 'New role: Editor'),
        ('2026-03-02T08:00:00.000Z', 'stranger@example.org', 'sign-in-failed', 'Failed sign-in', '', 'No such account')`,
    ]);
  });

  const page = async (query = "") => (await request(`/admin/activity${query}`, { cookie })).text();

  it("lists entries newest first, with who, what, which record and when (Malawi time)", async () => {
    const body = await page();
    const order = ["Failed sign-in", "Changed role", "Exported registrations (CSV)", "Updated"].map((text) => body.indexOf(text));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body).toContain("Changed: capacity");
    expect(body).toContain("Mar 1, 2026 08:00:00"); // 06:00 UTC is 08:00 in Malawi
  });

  it("filters by person, by kind and by day (a Malawi calendar day)", async () => {
    const byPerson = await page("?person=editor@example.org");
    expect(byPerson).toContain("Changed: capacity");
    expect(byPerson).not.toContain("Changed role");
    const byKind = await page("?kind=account");
    expect(byKind).toContain("Changed role");
    expect(byKind).not.toContain("Changed: capacity");
    // 22:01 UTC on March 1 is already March 2 in Malawi.
    const day = await page("?day=2026-03-02");
    expect(day).toContain("Changed role");
    expect(day).toContain("Failed sign-in");
    expect(day).not.toContain("Exported registrations (CSV)");
    const nothing = await page("?day=2026-04-01");
    expect(nothing).not.toContain("Changed role");
    // Unknown filters are ignored rather than failing.
    expect(await page("?kind=nonsense&day=yesterday&page=-3")).toContain("Changed role");
  });

  it("cannot be edited from the site", async () => {
    const before = await logRows();
    for (const intent of ["delete", "save", "clear"]) {
      const response = await postForm("/admin/activity", { intent, id: "1" }, { cookie });
      expect(response.status, intent).toBe(405);
    }
    expect(await request("/admin/activity", { method: "DELETE", cookie }).then((r) => r.status)).toBe(405);
    expect(await logRows()).toEqual(before);
  });
});

describe("the Administrator's dashboard", () => {
  it("shows account changes of the last 14 days to Administrators only", async () => {
    await createAdmin("editor@example.org", "plateau-sunrise-walk", "editor");
    await postForm("/admin/account", { intent: "add-account", email: "door@example.org", password: "plateau-sunrise-walk", role: "volunteer", current_password: TEST_ADMIN.password }, { cookie });
    const old = new Date(Date.now() - 20 * 86_400_000).toISOString();
    await runSql([`INSERT INTO activity_log (at, actor, kind, action, target, summary) VALUES ('${old}', 'admin@example.org', 'account', 'Removed account', 'long-gone@example.org', '')`]);

    const dashboard = textOf(await (await request("/admin", { cookie })).text());
    expect(dashboard).toContain("Account changes in the last 14 days");
    expect(dashboard).toContain("door@example.org");
    expect(dashboard).not.toContain("long-gone@example.org");

    const editorCookie = await signIn("editor@example.org", "plateau-sunrise-walk", "198.51.100.63");
    const editorDashboard = textOf(await (await request("/admin", { cookie: editorCookie })).text());
    expect(editorDashboard).not.toContain("Account changes in the last 14 days");
    expect(editorDashboard).not.toContain("door@example.org");
  });
});

describe("pruning", () => {
  it("the daily job deletes entries older than 13 months and keeps the last 12 months", async () => {
    await env.DB.exec("DELETE FROM activity_log");
    const now = Date.now();
    const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
    await runSql([
      `INSERT INTO activity_log (at, actor, kind, action) VALUES
        ('${daysAgo(400)}', 'a@example.org', 'write', 'Too old'),
        ('${daysAgo(397)}', 'a@example.org', 'write', 'Just too old'),
        ('${daysAgo(366)}', 'a@example.org', 'write', 'A year and a day'),
        ('${daysAgo(30)}', 'a@example.org', 'write', 'Recent')`,
    ]);
    const controller = createScheduledController({ cron: DAILY_CRON, scheduledTime: now });
    const ctx = createExecutionContext();
    await (worker as ExportedHandler<Env>).scheduled!(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await logRows()).map((r) => r.action)).toEqual(["A year and a day", "Recent"]);
  });
});
