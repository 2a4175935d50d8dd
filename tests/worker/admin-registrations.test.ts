// An event's registrations page and its CSV export: what an admin reads, in Malawi time, and the
// file they download (exact bytes, safe name, everyone even for thousands of registrations).
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, request, runSql, signIn } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
});

async function page(path: string) {
  const response = await request(path, { cookie });
  return { status: response.status, body: await response.text() };
}

/** The body's text with the BOM kept. */
async function csvText(response: Response) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

/** Inserts `n` registrations for event 1, two per second from 2027-01-01 08:00 UTC (ties on purpose), in one statement. */
function manyRegistrationsSql(from: number, to: number) {
  return `INSERT INTO event_registrations (event_id, full_name, phone_number, email, dedupe_key, created_at)
    WITH RECURSIVE seq(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM seq WHERE i < ${to})
    SELECT 1, 'Person ' || i, '0999' || printf('%06d', i), CASE WHEN i % 3 = 0 THEN NULL ELSE 'p' || i || '@example.mw' END,
      'key-' || i, strftime('%Y-%m-%dT%H:%M:%fZ', '2027-01-01T08:00:00', '+' || (i / 2) || ' seconds')
    FROM seq`;
}

describe("registrations page", () => {
  beforeEach(async () => {
    await runSql([
      // 22:30 UTC on Thursday March 4 is Friday March 5 in Malawi.
      "INSERT INTO churchevents (id, name, date) VALUES (1, 'Men''s Conference', '2027-03-04T22:30:00.000Z'), (2, 'Quiet Retreat', NULL)",
      `INSERT INTO event_registrations (event_id, full_name, phone_number, email, dedupe_key, created_at) VALUES
        (1, 'Early Bird', '+265 991 000 111', 'early@example.mw', 'a', '2027-01-10T06:05:00.000Z'),
        (1, 'Late Comer', '0888 123 456', NULL, 'b', '2027-02-01T22:59:00.000Z'),
        (1, 'Middle Man', '0999 555 444', NULL, 'c', '2027-01-20T12:00:00.000Z')`,
    ]);
  });

  it("shows the event, its date in the long format, and every registration newest first in Malawi time", async () => {
    const { status, body } = await page("/admin/events/registrations/1");
    expect(status).toBe(200);
    expect(body).toContain('href="/admin?tab=events"');
    expect(body).toContain(">Back to Events<");
    expect(body).toContain("Men&#x27;s Conference Registrations");
    expect(body).toContain("Friday, March 5, 2027");
    const headers = [...body.matchAll(/<th [^>]*scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headers).toEqual(["Name", "Contact", "Registration Date"]);

    const names = ["Late Comer", "Middle Man", "Early Bird"].map((name) => body.indexOf(`>${name}<`));
    expect(names.every((at) => at > 0)).toBe(true);
    expect(names).toEqual([...names].sort((a, b) => a - b));
    // 22:59 UTC on Feb 1 is 00:59 on Feb 2 in Malawi.
    expect(body).toContain(">Feb 2, 2027 00:59<");
    expect(body).toContain(">Jan 10, 2027 08:05<");
    expect(body).toContain(">+265 991 000 111<");
    expect(body).toContain(">early@example.mw<");
    expect(body.match(/mailto:/g)).toHaveLength(1);
    expect(body).toContain("3 registrations, newest first.");
    expect(body).toMatch(/<a href="\/api\/admin\/events\/1\/registrations.csv" download="Mens Conference-registrations.csv"/);
  });

  it("says when nobody has registered, and cannot export nothing", async () => {
    const { body } = await page("/admin/events/registrations/2");
    expect(body).toContain("Quiet Retreat Registrations");
    expect(body).toContain("No date set");
    expect(body).toContain("No registrations found for this event.");
    expect(body).not.toContain("/api/admin/events/2/registrations.csv");
    expect(body).toMatch(/<button type="button" disabled="" aria-disabled="true"[^>]*>.*Export CSV<\/button>/s);
  });

  it("answers an unknown event with the not-found page", async () => {
    for (const id of ["99", "abc"]) {
      const { status, body } = await page(`/admin/events/registrations/${id}`);
      expect(status).toBe(404);
      expect(body).toContain("Oops! Page not found");
    }
  });

  it("shows the spec's message when the registrations cannot be read", async () => {
    await runSql(["DROP TABLE event_registrations"]);
    const { status, body } = await page("/admin/events/registrations/1");
    expect(status).toBe(200);
    expect(body).toMatch(/role="alert".*Failed to load data\. Please try again\./s);
    expect(body).toContain('href="/admin?tab=events"');
  });

  it("is only for signed-in admins", async () => {
    const response = await request("/admin/events/registrations/1");
    expect(response.headers.get("Location")).toMatch(/^\/auth/);
  });
});

describe("registrations CSV export", () => {
  it("writes exact bytes: BOM, header, N/A, Malawi time, quoting, formulas neutralised", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name) VALUES (1, 'Rally')",
      `INSERT INTO event_registrations (event_id, full_name, phone_number, email, dedupe_key, created_at) VALUES
        (1, 'Banda, John', '0999 000 111', NULL, 'a', '2027-03-04T22:30:00.000Z'),
        (1, 'Say "Amen"', '+265 888 000 222', 'amen@example.mw', 'b', '2027-03-05T06:00:00.000Z'),
        (1, '=cmd|'' /C calc''!A0', '@SUM(1)', 'two
lines@example.mw', 'c', '2027-03-05T07:15:00.000Z')`,
    ]);
    const response = await request("/api/admin/events/1/registrations.csv", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="Rally-registrations.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await csvText(response)).toBe(
      "\uFEFF" +
        '"Name","Phone","Email","Registration Date"\r\n' +
        `"'=cmd|' /C calc'!A0","'@SUM(1)","two\nlines@example.mw","Mar 5, 2027 09:15"\r\n` +
        `"Say ""Amen""","'+265 888 000 222","amen@example.mw","Mar 5, 2027 08:00"\r\n` +
        '"Banda, John","0999 000 111","N/A","Mar 5, 2027 00:30"\r\n',
    );
  });

  it("writes just the header for an event nobody registered for", async () => {
    await runSql(["INSERT INTO churchevents (id, name) VALUES (1, 'Empty')"]);
    const response = await request("/api/admin/events/1/registrations.csv", { cookie });
    expect(await csvText(response)).toBe('\uFEFF"Name","Phone","Email","Registration Date"\r\n');
  });

  it("names the file after the event with safe characters only", async () => {
    const cases: [string, string][] = [
      ["Men's Conference 2027", "Mens Conference 2027-registrations.csv"],
      ['../../etc/passwd"; x=1', "etcpasswd x1-registrations.csv"],
      ["Zo\u0301mba Re\u0301union: Day 1/2", "Zomba Reunion Day 12-registrations.csv"],
      [".hidden", "hidden-registrations.csv"],
      ["<script>\r\n</script>", "scriptscript-registrations.csv"],
      ["💒🙏", "event-registrations.csv"],
    ];
    await runSql([
      `INSERT INTO churchevents (id, name) VALUES ${cases.map(([name], i) => `(${i + 1}, '${name.replaceAll("'", "''")}')`).join(", ")}`,
    ]);
    for (const [i, [, expected]] of cases.entries()) {
      const response = await request(`/api/admin/events/${i + 1}/registrations.csv`, { cookie });
      expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${expected}"`);
      await response.arrayBuffer();
    }
  });

  it("refuses without an admin session, and answers 404 for an unknown event", async () => {
    await runSql(["INSERT INTO churchevents (id, name) VALUES (1, 'Rally')"]);
    const anonymous = await request("/api/admin/events/1/registrations.csv");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Authentication required" });
    const forged = await request("/api/admin/events/1/registrations.csv", { cookie: "session=forged.token.value" });
    expect(forged.status).toBe(401);
    for (const id of ["99", "abc", "0"]) {
      expect((await request(`/api/admin/events/${id}/registrations.csv`, { cookie })).status).toBe(404);
    }
  });

  it("streams 10,000 registrations, everyone exactly once, newest first; the page shows the newest 500", async () => {
    await runSql(["INSERT INTO churchevents (id, name) VALUES (1, 'Big Conference'), (2, 'Other Event')"]);
    await runSql([manyRegistrationsSql(1, 5000), manyRegistrationsSql(5001, 10000)]);
    await runSql(["INSERT INTO event_registrations (event_id, full_name, phone_number, dedupe_key) VALUES (2, 'Not Here', '0111', 'x')"]);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM event_registrations WHERE event_id = 1").first<{ n: number }>())!.n).toBe(10000);

    const response = await request("/api/admin/events/1/registrations.csv", { cookie });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let text = "";
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    // The header, then pages of rows: the file is sent as it is read, not built whole first.
    expect(chunks).toBeGreaterThan(5);

    const lines = text.split("\r\n").slice(1, -1);
    expect(lines).toHaveLength(10000);
    const names = lines.map((line) => /^"Person (\d+)"/.exec(line)![1]);
    expect(new Set(names).size).toBe(10000);
    expect(text).not.toContain("Not Here");
    // Person 10000 registered last (08:00 + 5000 s = 09:23:20 UTC, 11:23 in Malawi); person 1 first.
    expect(lines[0]).toBe('"Person 10000","0999010000","p10000@example.mw","Jan 1, 2027 11:23"');
    expect(lines.at(-1)).toBe('"Person 1","0999000001","p1@example.mw","Jan 1, 2027 10:00"');
    expect(lines.filter((line) => line.includes('"N/A"'))).toHaveLength(3333);

    const { body } = await page("/admin/events/registrations/1");
    expect(body.match(/<tr /g)!.length - 1).toBe(500);
    expect(body).toContain("Showing the newest 500 of 10,000 registrations. The CSV export has everyone.");
    expect(body).toContain(">Person 10000<");
  });
});
