// The registration desk's migration keeps every existing registration: each becomes confirmed, with
// a reference code and a private-link token, and its phone number in international form where it
// can be read (kept as typed otherwise). Two men of one family on one phone both stay.
import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { REGISTRATION_CODE_ALPHABET } from "~/features/events/registration-rules";
import { request, runSql } from "./helpers";

describe("the registration desk's migration", () => {
  it("keeps every registration, confirmed, with a code and a token, phones normalised where possible", async () => {
    const migrations = env.TEST_MIGRATIONS;
    const ours = migrations.findIndex((migration) => migration.name.includes("registration_desk"));
    expect(ours).toBeGreaterThan(0);
    await reset();
    await applyD1Migrations(env.DB, migrations.slice(0, ours));
    const typed = [
      "0991 234 567",
      "991234567",
      "+265 991 234 568",
      "00265 991-234-569",
      "265991234570",
      "(0888) 123 456",
      "01 234 567",
      "+44 7700 900123",
      "call me",
      "0991 234 567", // the same phone again: a second man of the family
    ];
    await runSql([
      "INSERT INTO churchevents (id, name, date) VALUES (1, 'Old Rally', '2030-01-01T08:00:00.000Z')",
      ...typed.map(
        (phone, i) =>
          `INSERT INTO event_registrations (id, event_id, full_name, phone_number, email, dedupe_key, created_at) VALUES (${i + 1}, 1, 'Man ${i + 1}', '${phone}', NULL, 'key-${i}', '2026-0${(i % 9) + 1}-01T08:00:00.000Z')`,
      ),
    ]);
    await applyD1Migrations(env.DB, migrations);

    const { results } = await env.DB.prepare(
      "SELECT id, full_name, phone_number, dedupe_key, status, code, token, created_at, queued_at FROM event_registrations ORDER BY id",
    ).all<{ id: number; full_name: string; phone_number: string; dedupe_key: string | null; status: string; code: string; token: string; created_at: string; queued_at: string }>();
    expect(results.map((r) => r.phone_number)).toEqual([
      "+265991234567",
      "+265991234567",
      "+265991234568",
      "+265991234569",
      "+265991234570",
      "+265888123456",
      "+2651234567",
      "+447700900123",
      "call me",
      "+265991234567",
    ]);
    // The first of a shared phone holds it; the others stay, like a family phone added at the desk.
    expect(results.map((r) => r.dedupe_key)).toEqual([
      "+265991234567",
      null,
      "+265991234568",
      "+265991234569",
      "+265991234570",
      "+265888123456",
      "+2651234567",
      "+447700900123",
      "call me",
      null,
    ]);
    for (const r of results) {
      expect(r.status).toBe("confirmed");
      expect(r.code).toHaveLength(6);
      expect([...r.code].every((c) => REGISTRATION_CODE_ALPHABET.includes(c))).toBe(true);
      expect(r.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(r.queued_at).toBe(r.created_at);
    }
    expect(new Set(results.map((r) => r.code)).size).toBe(results.length);
    expect(new Set(results.map((r) => r.token)).size).toBe(results.length);
    // Each has its private page.
    const page = await request(`/registrations/${results[0]!.token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(results[0]!.code);
  });
});
