// The D1 schema enforces the data model itself: keys, required values, defaults, uniqueness and
// what happens to related rows.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { runSql, seedReference } from "./helpers";

const db = () => env.DB;

async function rejects(sql: string, pattern: RegExp) {
  await expect(db().prepare(sql).run()).rejects.toThrow(pattern);
}

beforeEach(async () => {
  await seedReference();
});

describe("schema", () => {
  it("applies the spec's defaults to new rows", async () => {
    await runSql([
      "INSERT INTO ministries (title, slug, short_description, full_description) VALUES ('T', 't', 's', 'f')",
      "INSERT INTO churchevents (name) VALUES ('E')",
      "INSERT INTO church_testimonies (content, author) VALUES ('A testimony text', 'A')",
      "INSERT INTO leadership_members (full_name, position_id) VALUES ('M', 1)",
    ]);
    const ministry = await db().prepare("SELECT active, sort_order, created_at, updated_at FROM ministries").first();
    expect(ministry).toMatchObject({ active: 1, sort_order: 0 });
    expect(String(ministry!.created_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await db().prepare("SELECT active, registration_enabled, date FROM churchevents").first()).toEqual({
      active: 1,
      registration_enabled: 1,
      date: null,
    });
    expect(await db().prepare("SELECT active FROM church_testimonies").first()).toEqual({ active: 1 });
    expect(await db().prepare("SELECT active FROM leadership_members").first()).toEqual({ active: 1 });
  });

  it("requires the values the spec requires", async () => {
    await rejects("INSERT INTO ministries (title, slug, short_description) VALUES ('T', 't', 's')", /NOT NULL/);
    await rejects("INSERT INTO churchblogs (slug, title, author, excerpt, content) VALUES ('s','t','a','e','c')", /NOT NULL.*date/);
    await rejects("INSERT INTO event_registrations (event_id, full_name, dedupe_key) VALUES (1, 'N', 'k')", /NOT NULL/);
    await rejects("INSERT INTO church_testimonies (author) VALUES ('A')", /NOT NULL/);
  });

  it("keeps slugs and e-mails unique", async () => {
    await runSql(["INSERT INTO ministries (title, slug, short_description, full_description) VALUES ('T', 'same', 's', 'f')"]);
    await rejects("INSERT INTO ministries (title, slug, short_description, full_description) VALUES ('U', 'same', 's', 'f')", /UNIQUE/);
    await runSql(["INSERT INTO churchblogs (slug, title, date, author, excerpt, content) VALUES ('p', 't', '2026-01-01', 'a', 'e', 'c')"]);
    await rejects("INSERT INTO churchblogs (slug, title, date, author, excerpt, content) VALUES ('p', 'u', '2026-01-01', 'a', 'e', 'c')", /UNIQUE/);
    await rejects("INSERT INTO blog_categories (name, slug) VALUES ('Devotional again', 'devotional')", /UNIQUE/);
    await runSql(["INSERT INTO newsletter_subscribers (email) VALUES ('a@b.mw')", "INSERT INTO admin_users (email, password_hash) VALUES ('x@y.mw', 'h')"]);
    await rejects("INSERT INTO newsletter_subscribers (email) VALUES ('a@b.mw')", /UNIQUE/);
    await rejects("INSERT INTO admin_users (email, password_hash) VALUES ('x@y.mw', 'h2')", /UNIQUE/);
  });

  it("links registrations to events, members to positions and posts to categories", async () => {
    await rejects("INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, code, token) VALUES (404, 'N', '1', 'k', 'C', 'T')", /FOREIGN KEY/);
    await rejects("INSERT INTO leadership_members (full_name, position_id) VALUES ('M', 404)", /FOREIGN KEY/);
    await rejects("INSERT INTO churchblogs (slug, title, date, author, excerpt, content, category_id) VALUES ('s','t','2026-01-01','a','e','c', 404)", /FOREIGN KEY/);
  });

  it("deletes an event's registrations with it, and keeps members and posts when their position or category goes", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name) VALUES (1, 'E')",
      "INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, code, token) VALUES (1, 'N', '1', 'k1', 'C1', 'T1'), (1, 'M', '2', 'k2', 'C2', 'T2')",
      "INSERT INTO leadership_positions (id, name, type, rank) VALUES (50, 'Temporary', 'nec', 50)",
      "INSERT INTO leadership_members (id, full_name, position_id) VALUES (1, 'M', 50)",
      "INSERT INTO blog_categories (id, name, slug) VALUES (50, 'Old', 'old')",
      "INSERT INTO churchblogs (id, slug, title, date, author, excerpt, content, category_id) VALUES (1, 's','t','2026-01-01','a','e','c', 50)",
    ]);
    await runSql(["DELETE FROM churchevents WHERE id = 1", "DELETE FROM leadership_positions WHERE id = 50", "DELETE FROM blog_categories WHERE id = 50"]);
    expect(await db().prepare("SELECT COUNT(*) AS n FROM event_registrations").first()).toEqual({ n: 0 });
    expect(await db().prepare("SELECT position_id FROM leadership_members WHERE id = 1").first()).toEqual({ position_id: null });
    expect(await db().prepare("SELECT category_id FROM churchblogs WHERE id = 1").first()).toEqual({ category_id: null });
  });

  it("holds a phone number once per event while registered; cancelled ones and family phones (no key) do not count", async () => {
    const insert = (key: string | null, code: string, status = "confirmed") =>
      `INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key, code, token, status) VALUES (1, 'N', '+265991234567', ${key === null ? "NULL" : `'${key}'`}, '${code}', 'token-${code}', '${status}')`;
    await runSql(["INSERT INTO churchevents (id, name) VALUES (1, 'E'), (2, 'F')", insert("+265991234567", "AAAAAA")]);
    await rejects(insert("+265991234567", "BBBBBB"), /UNIQUE/);
    await runSql([insert("+265991234567", "CCCCCC", "cancelled"), insert(null, "DDDDDD"), insert(null, "EEEEEE")]);
    // Codes and tokens are unique too (codes per event).
    await rejects(insert(null, "AAAAAA"), /UNIQUE/);
    await rejects("INSERT INTO event_registrations (event_id, full_name, phone_number, code, token) VALUES (2, 'N', '1', 'ZZZZZZ', 'token-AAAAAA')", /UNIQUE/);
    await runSql(["INSERT INTO event_registrations (event_id, full_name, phone_number, code, token) VALUES (2, 'N', '1', 'AAAAAA', 'another-token')"]);
  });

  it("has an index for every filter and order the pages use", async () => {
    const { results } = await db()
      .prepare("SELECT tbl_name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
      .all<{ tbl_name: string; sql: string }>();
    const indexed = results.map((r) => `${r.tbl_name}: ${r.sql.slice(r.sql.indexOf("("))}`);
    for (const expected of [
      "ministries: (`active`,`sort_order`)",
      "churchevents: (`active`,`date`)",
      "churchevents: (`date`)",
      "church_testimonies: (`active`,`created_at`)",
      "church_testimonies: (`created_at`)",
      "churchblogs: (`date`)",
      "churchblogs: (`created_at`)",
      "event_registrations: (`event_id`,`created_at`)",
      "event_registrations: (`event_id`,`status`,`queued_at`)",
      "leadership_positions: (`rank`)",
      "leadership_members: (`active`)",
      "contact_messages: (`created_at`)",
    ]) {
      expect(indexed).toContain(expected);
    }
  });

  it("ships the reference positions and categories", async () => {
    const positions = await db().prepare("SELECT name, type, rank FROM leadership_positions ORDER BY rank").all();
    expect(positions.results).toContainEqual({ name: "President", type: "nec", rank: 1 });
    expect(positions.results).toContainEqual({ name: "Treasurer", type: "nec", rank: 5 });
    expect(positions.results.filter((p) => p.type === "regional").length).toBeGreaterThan(0);
    const categories = await db().prepare("SELECT name FROM blog_categories ORDER BY name").all();
    expect(categories.results.map((c) => c.name)).toEqual(expect.arrayContaining(["Devotional", "News", "Teaching"]));
  });
});
