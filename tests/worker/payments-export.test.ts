// An event's payments CSV: every payment one row (online paid, under way or failed; cash with its
// receipt number; waivers; refunds, negative), for a treasurer matching the provider's statement and
// the receipt book; Administrators only, logged as an export.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, postForm, request, runSql, signIn, toastOf } from "./helpers";

let cookie: string;
const DESK = "/admin/events/registrations/1";

function person(id: number, name: string, extra: Record<string, string> = {}) {
  const columns = { id: String(id), event_id: "1", full_name: name, phone_number: `+26599100000${id}`, dedupe_key: `+26599100000${id}`, status: "confirmed", code: `CODE${id}A`, token: `token-${id}-0123456789abcdef`, ...extra };
  return `INSERT INTO event_registrations (${Object.keys(columns).join(", ")}) VALUES (${Object.values(columns).map((v) => `'${v}'`).join(", ")})`;
}

beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
  await runSql([
    "INSERT INTO churchevents (id, name, date, price) VALUES (1, 'Men''s Conference', '2030-06-12T06:00:00.000Z', 15000)",
    person(1, "Paid Online", { payment_status: "paid-online" }),
    person(2, "Pays Cash"),
    person(3, "Declined Once"),
    person(4, "Fee Waived"),
    "INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, amount_received, provider, operator, phone_number, provider_reference, paid_at) VALUES ('BMM-PAIDONLINE1', 'online', 'paid', 1, 1, 15000, 15000, 'simulator', 'airtel', '+265991000001', 'PC-778899', '2030-01-02T10:00:00.000Z')",
    "INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, provider, operator, phone_number, failure_reason, created_at) VALUES ('BMM-DECLINED01', 'online', 'failed', 3, 1, 15000, 'simulator', 'tnm', '+265881000003', 'The payment was not completed.', '2030-01-02T11:00:00.000Z')",
  ]);
});

function act(intent: string, id: number, fields: Record<string, string> = {}) {
  return postForm(DESK, { intent, registration_id: String(id), ...fields }, { cookie });
}

async function csvRows(response: Response) {
  const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
  const cells = (line: string) => line.slice(1, -1).split('","');
  const header = cells(lines[0]!);
  return lines.slice(1).map((line) => Object.fromEntries(cells(line).map((cell, i) => [header[i], cell])));
}

describe("an event's payments CSV", () => {
  it("lists every payment with its references, receipt number, payer and who recorded it; Received less Given back is what the event kept", async () => {
    expect(await toastOf(await act("record-cash", 2, { amount: "15000", receipt_number: "R-0101" }))).toMatchObject({ title: "Cash recorded" });
    expect(await toastOf(await act("waive-fee", 4, { reason: "Pastor's guest" }))).toMatchObject({ title: expect.stringMatching(/waived/i) });
    expect((await act("cancel", 2)).status).toBe(302);
    expect(await toastOf(await act("record-refund", 2, { amount: "10000" }))).toMatchObject({ title: "Refund recorded" });

    const response = await request("/api/admin/events/1/payments.csv", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain("payments.csv");
    const rows = await csvRows(response);
    const byKind = (kind: string) => rows.filter((row) => row.Kind === kind);
    expect(byKind("Mobile money").map((row) => [row.Reference, row["Provider reference"], row.Status, row["Received (MK)"], row["Paid by"], row.Name, row.Code, row["Recorded by"]])).toEqual([
      ["BMM-PAIDONLINE1", "PC-778899", "Done", "15000", "Airtel Money", "Paid Online", "CODE1A", "PayChangu"],
      ["BMM-DECLINED01", "", "Failed", "0", "TNM Mpamba", "Declined Once", "CODE3A", "PayChangu"],
    ]);
    expect(byKind("Mobile money")[1]!.Note).toBe("The payment was not completed.");
    expect(byKind("Cash").map((row) => [row["Receipt number"], row["Received (MK)"], row.Name, row["Recorded by"]])).toEqual([["R-0101", "15000", "Pays Cash", "admin@example.org"]]);
    expect(byKind("Refund").map((row) => [row["Received (MK)"], row["Given back (MK)"], row.Name])).toEqual([["0", "10000", "Pays Cash"]]);
    expect(byKind("Fee waived").map((row) => [row["Received (MK)"], row.Name])).toEqual([["0", "Fee Waived"]]);
    // Money in less money out: 15,000 online + 15,000 cash - 10,000 given back.
    const sum = (column: string) => rows.reduce((total, row) => total + Number(row[column]), 0);
    expect(sum("Received (MK)") - sum("Given back (MK)")).toBe(20000);

    const log = await env.DB.prepare("SELECT actor, kind, action, target FROM activity_log WHERE action = 'Exported payments (CSV)'").all();
    expect(log.results).toEqual([{ actor: "admin@example.org", kind: "export", action: "Exported payments (CSV)", target: "event 1 “Men's Conference”" }]);
  });

  it("is for Administrators only: an Editor, who runs the desk, is refused", async () => {
    await createAdmin("editor@example.org", "editor-password-123", "editor");
    const editor = await signIn("editor@example.org", "editor-password-123");
    expect((await request("/api/admin/events/1/payments.csv", { cookie: editor })).status).toBe(403);
    // The desk offers it to an Administrator only.
    expect(await (await request(DESK, { cookie })).text()).toMatch(/<a href="\/api\/admin\/events\/1\/payments\.csv" download=""[^>]*>[\s\S]*?Export payments \(CSV\)<\/a>/);
    expect(await (await request(DESK, { cookie: editor })).text()).not.toContain("payments.csv");
    expect((await request("/api/admin/events/1/payments.csv")).status).toBe(401);
    expect((await request("/api/admin/events/99/payments.csv", { cookie })).status).toBe(404);
  });
});
