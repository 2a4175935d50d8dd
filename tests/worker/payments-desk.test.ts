// Money at the registration desk and the door (issue 23): each person's payment (Unpaid, Paid
// online, Cash, Waived, Refunded), the "Unpaid" filter, the totals (which add up, with money from
// people no longer confirmed and refunds said apart), cash with its receipt number,
// waivers and refunds (each in the activity log, each landing once), "Take cash" at the door, the
// CSV's payment columns, and the notice while payments are not set up.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, postForm, request, runSql, signIn, toastOf } from "./helpers";
import { releaseUnpaidHolds } from "~/features/payments/index.server";
import { textOf } from "./public-helpers";

let cookie: string;
const DESK = "/admin/events/registrations/1";
/** What a man's page says of his fee given back (whole or in part). */
const REFUNDED_FEE = /Your payment (?:of MK [\d,]+ )?was (?:given back|refunded)\.|of your MK [\d,]+ was given back\./;

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
    person(2, "Owes Fee"),
    person(3, "Owes Too"),
    person(4, "Waiting Man", { status: "waitlisted" }),
    "INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, amount_received, provider, operator, paid_at) VALUES ('BMM-PAIDONLINE1', 'online', 'paid', 1, 1, 15000, 15000, 'simulator', 'airtel', '2030-01-02T10:00:00.000Z')",
  ]);
});

async function deskText(query = "", path = DESK) {
  const response = await request(`${path}${query}`, { cookie });
  expect(response.status).toBe(200);
  return textOf(await response.text());
}

function act(intent: string, id: number, fields: Record<string, string> = {}, path = DESK) {
  return postForm(path, { intent, registration_id: String(id), ...fields }, { cookie });
}

/** A money form refused for what was typed: the message under the field, the form open, what was typed kept. */
async function refusedField(response: Response, inputId: string) {
  expect(response.status, inputId).toBe(400);
  const html = await response.text();
  const input = new RegExp(`<input id="${inputId}"[^>]*>`).exec(html)?.[0] ?? "";
  expect(input, inputId).toContain('aria-invalid="true"');
  expect(html).toMatch(new RegExp(`<details[^>]*open=""[^>]*>(?:(?!</details>).)*id="${inputId}"`, "s"));
  const error = new RegExp(`<p id="${inputId}-error" role="alert"[^>]*>([^<]*)</p>`).exec(html)?.[1];
  return { error, value: /value="([^"]*)"/.exec(input)?.[1] };
}

describe("the desk", () => {
  it("shows each person's payment, the totals, and an Unpaid filter", async () => {
    const text = await deskText();
    expect(text).toContain("Paid online");
    // The two confirmed who owe it; the man waiting owes nothing until he has a place.
    expect(text.match(/Unpaid: MK 15,000/g)).toHaveLength(2);
    expect(text).toMatch(/Expected MK 45,000 Received online MK 15,000 Received in cash MK 0 Outstanding MK 30,000/);
    const unpaid = await deskText("?status=unpaid");
    expect(unpaid).toContain("Owes Fee");
    expect(unpaid).toContain("Owes Too");
    expect(unpaid).not.toContain("Paid Online");
    expect(unpaid).not.toContain("Waiting Man");
  });

  it("records cash with its receipt number once, in the activity log, and counts it", async () => {
    const answers = await Promise.all([1, 2, 3].map(() => act("record-cash", 2, { amount: "15,000", receipt_number: "R-0042" })));
    const toasts = await Promise.all(answers.map((answer) => toastOf(answer)));
    expect(toasts.filter((toast) => toast?.title === "Cash recorded")).toHaveLength(1);
    // The other two say why in plain words (not "not unpaid any more").
    expect(toasts.filter((toast) => toast?.title !== "Cash recorded").map((toast) => toast?.description)).toEqual(
      Array(2).fill("This person's fee is already settled (paid or waived), perhaps by someone else a moment ago: nothing was recorded. The page now shows it."),
    );
    const rows = await env.DB.prepare("SELECT kind, amount, receipt_number, recorded_by FROM payments WHERE registration_id = 2").all();
    expect(rows.results).toEqual([{ kind: "cash", amount: 15000, receipt_number: "R-0042", recorded_by: "admin@example.org" }]);
    const log = await env.DB.prepare("SELECT action, summary FROM activity_log WHERE action = 'Recorded a cash payment'").all();
    expect(log.results).toEqual([{ action: "Recorded a cash payment", summary: "MK 15,000, receipt R-0042" }]);
    const text = await deskText();
    expect(text).toMatch(/Received in cash MK 15,000 Outstanding MK 15,000/);
    expect(text).toContain("Cash");
  });

  it("finds a man by a payment's reference, the provider's reference, a cash receipt number or a refund's reference, letter case and spaces aside", async () => {
    await runSql(["UPDATE payments SET provider_reference = 'PCH 7788 99' WHERE reference = 'BMM-PAIDONLINE1'"]);
    await act("record-cash", 2, { amount: "15000", receipt_number: "R-0101" });
    const found = async (q: string) => {
      const text = await deskText(`?q=${encodeURIComponent(q)}`);
      return ["Paid Online", "Owes Fee", "Owes Too", "Waiting Man"].filter((name) => text.includes(name));
    };
    expect(await found("BMM-PAIDONLINE1")).toEqual(["Paid Online"]);
    expect(await found("bmm - paidonline1")).toEqual(["Paid Online"]);
    expect(await found("pch778899")).toEqual(["Paid Online"]);
    expect(await found(" r-0101 ")).toEqual(["Owes Fee"]);
    expect(await found("R - 01 01")).toEqual(["Owes Fee"]);
    // A refund's own reference finds whose it was.
    await runSql(["UPDATE event_registrations SET status = 'cancelled' WHERE id = 1"]);
    await act("record-refund", 1, { amount: "15000" });
    const refund = (await env.DB.prepare("SELECT reference FROM payments WHERE kind = 'refund'").first<{ reference: string }>())!.reference;
    expect(await found(refund.toLowerCase())).toEqual(["Paid Online"]);
    // Part of a reference is no one's; names still match as before.
    expect(await deskText("?q=R-010")).toContain("Nobody matches this filter or search.");
    expect(await found("owes")).toEqual(["Owes Fee", "Owes Too"]);
    expect(await deskText()).toContain("Search by name, phone, code, payment reference or receipt number");
  });

  it("says who is paying by mobile money right now, and warns in his cash form that cash too would be paid twice", async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    await runSql([
      `INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, provider, operator, created_at, updated_at) VALUES ('BMM-PROMPTNOW1', 'online', 'pending', 2, 1, 15000, 'simulator', 'airtel', '${at(0.5)}', '${at(0.5)}')`,
      // A prompt long over (it got no answer): nothing to warn of.
      `INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, provider, operator, created_at, updated_at) VALUES ('BMM-PROMPTOLD1', 'online', 'pending', 3, 1, 15000, 'simulator', 'tnm', '${at(30)}', '${at(30)}')`,
    ]);
    const text = await deskText();
    expect(text.match(/Paying by mobile money now/g)).toHaveLength(1);
    expect(text).toContain("Owes Fee is paying by mobile money right now. Wait a few minutes and reload: cash taken too would be paid twice.");
    // Waiving or cancelling him now would leave his payment, if it goes through, to be given back: both say so.
    expect(text).toContain("Owes Fee is paying by mobile money right now. Wait a few minutes and reload: if his payment goes through, there is nothing to waive");
    expect(text).toContain("Owes Fee is paying by mobile money right now. Wait a few minutes and reload: cancelled now, his payment may still go through");
    expect(text).not.toContain("Owes Too is paying by mobile money");
  });

  it("refuses an amount of 'abc', 0, a negative one or one over MK 5,000,000, and cash without a receipt number", async () => {
    for (const amount of ["abc", "0", "-5", "5000001", "12.5"]) {
      const refused = await refusedField(await act("record-cash", 2, { amount, receipt_number: "R-1" }), "cash-amount-2");
      expect(refused.error, amount).toContain("whole kwacha");
      expect(refused.value, amount).toBe(amount);
    }
    const noReceipt = await refusedField(await act("record-cash", 2, { amount: "15000", receipt_number: " " }), "cash-receipt-2");
    expect(noReceipt.error).toBe("Please enter the receipt number");
    // More than the fee is a slip of the finger (50000 for 5000), not a fee: nothing is recorded.
    const tooMuch = await refusedField(await act("record-cash", 2, { amount: "150000", receipt_number: "R-1" }), "cash-amount-2");
    expect(tooMuch).toEqual({ error: "The fee is MK 15,000: record at most that. Nothing was recorded.", value: "150000" });
    expect(textOf(await (await act("record-cash", 2, { amount: "150000", receipt_number: "R-1" })).text())).toContain("Receipt number *");
    // Less than the fee would mark him paid and drop the rest from Outstanding: nothing is recorded.
    const tooLittle = await refusedField(await act("record-cash", 2, { amount: "2000", receipt_number: "R-1" }), "cash-amount-2");
    expect(tooLittle).toEqual({
      error: "The fee is MK 15,000: record the cash when the whole fee is paid (keep the receipt until then). For someone who cannot pay it, use Waive fee. Nothing was recorded.",
      value: "2000",
    });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE registration_id = 2").first<{ n: number }>())!.n).toBe(0);
    expect(await deskText()).toMatch(/Outstanding MK 30,000/);
  });

  it("waives a fee and records a refund, both logged", async () => {
    // A fee is given back to a man who is not coming: he is cancelled first.
    await runSql(["UPDATE event_registrations SET status = 'cancelled', cancelled_at = '2030-01-03T10:00:00.000Z' WHERE id = 1"]);
    // Each says what it records before its button, as the waiver does.
    expect(await deskText()).toContain("has been given the money back: his payment then shows as refunded, on this page and on his. It cannot be undone.");
    expect(await toastOf(await act("waive-fee", 3))).toMatchObject({ title: "Fee waived" });
    expect(await toastOf(await act("record-refund", 1, { amount: "15000" }))).toMatchObject({ title: "Refund recorded" });
    expect(await toastOf(await act("record-refund", 2, { amount: "15000" }))).toMatchObject({ description: "This person has not paid: there is nothing to refund." });
    const states = await env.DB.prepare("SELECT id, payment_status FROM event_registrations WHERE id IN (1, 3) ORDER BY id").all();
    expect(states.results).toEqual([{ id: 1, payment_status: "refunded" }, { id: 3, payment_status: "waived" }]);
    const log = await env.DB.prepare("SELECT action FROM activity_log WHERE action IN ('Waived a fee', 'Recorded a refund') ORDER BY id").all();
    expect(log.results).toEqual([{ action: "Waived a fee" }, { action: "Recorded a refund" }]);
    const text = await deskText();
    expect(text).toContain("Waived");
    expect(text).toContain("Refunded");
    // The refunded man's fee is no longer a confirmed man's fee: the cards add up without it, and the lines under them say where it went.
    expect(cardsOf(text)).toEqual({ expected: 15000, online: 0, cash: 0, outstanding: 15000 });
    expect(text).toContain("Refunded: MK 15,000 given back to 1 person who had paid MK 15,000");
    expect(text).toContain("In all: MK 15,000 received (MK 15,000 online, MK 0 in cash), MK 15,000 refunded");
  });

  it("gives back the fee of a man who still has a place only once he is cancelled: no refund form, and a post is refused", async () => {
    const text = await deskText();
    expect(text).not.toContain("Record refund");
    expect(await toastOf(await act("record-refund", 1, { amount: "15000" }))).toMatchObject({
      description: "Paid Online still has a place: cancel the registration first, then record the refund. Nothing was recorded.",
    });
    expect(await env.DB.prepare("SELECT payment_status FROM event_registrations WHERE id = 1").first()).toEqual({ payment_status: "paid-online" });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE kind = 'refund'").first<{ n: number }>())!.n).toBe(0);
    await runSql(["UPDATE event_registrations SET status = 'cancelled', cancelled_at = '2030-01-03T10:00:00.000Z' WHERE id = 1"]);
    expect(await deskText()).toContain("Record refund");
  });

  it("asks before cancelling a man who has paid, saying the fee is not given back by it; not so for a man who owes it", async () => {
    const html = await (await request(DESK, { cookie })).text();
    const cancelOf = (name: string) => textOf(new RegExp(`<details[^>]*>(?:(?!</details>).)*Yes, cancel ${name}`, "s").exec(html)?.[0] ?? "");
    expect(cancelOf("Paid Online")).toContain("Paid Online has paid the fee. Cancelling does not give the money back: afterwards, refund it or keep it.");
    expect(cancelOf("Owes Fee")).toContain("Cancel Owes Fee's registration?");
    expect(cancelOf("Owes Fee")).not.toContain("has paid the fee");
  });

  it("refuses a refund larger than what the person paid, and records nothing", async () => {
    await act("record-cash", 2, { amount: "15000", receipt_number: "R-9" });
    await runSql(["UPDATE event_registrations SET status = 'cancelled', cancelled_at = '2030-01-03T10:00:00.000Z' WHERE id IN (1, 2)"]);
    expect((await refusedField(await act("record-refund", 2, { amount: "99999" }), "refund-amount-2")).error).toBe("A refund can be at most what this person paid and has not been given back: MK 15,000. Nothing was recorded.");
    expect((await refusedField(await act("record-refund", 1, { amount: "15001" }), "refund-amount-1")).error).toBe("A refund can be at most what this person paid and has not been given back: MK 15,000. Nothing was recorded.");
    const refunds = await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE kind = 'refund'").first<{ n: number }>();
    expect(refunds!.n).toBe(0);
    expect(await toastOf(await act("record-refund", 2, { amount: "10000" }))).toMatchObject({ title: "Refund recorded", description: "MK 10,000 to Owes Fee" });
    const text = await deskText();
    // Both payers are cancelled: the cards count only the confirmed man who owes; their money is said apart.
    expect(cardsOf(text)).toEqual({ expected: 15000, online: 0, cash: 0, outstanding: 15000 });
    expect(text).toContain("Refunded: MK 10,000 given back to 1 person who had paid MK 15,000");
    expect(text).toContain("In all: MK 30,000 received (MK 15,000 online, MK 15,000 in cash), MK 10,000 refunded");
  });

  it("adds the payment columns to the CSV after its own: the fee's payment, then what else came in and went back", async () => {
    await act("record-cash", 2, { amount: "15000", receipt_number: "R-7" });
    await act("waive-fee", 3);
    const csv = await (await request("/api/admin/events/1/registrations.csv", { cookie })).text();
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      '"Name","Phone","Email","Registration Date","Status","Code","Checked in","Group leader","Payment","Amount paid (MK)","Paid by","Payment reference","Other payments (MK)","Refunded (MK)","Payment note"',
    );
    expect(csv).toMatch(/"Paid Online",.*,"Paid online","15000","Airtel Money","BMM-PAIDONLINE1","","",""/);
    expect(csv).toMatch(/"Owes Fee",.*,"Cash","15000","Cash","R-7","","",""/);
    expect(csv).toMatch(/"Owes Too",.*,"Waived","0","","","","",""/);
  });

  it("says in the CSV that a man on the waiting list owes nothing yet, and 'Unpaid' only of one with a place", async () => {
    const csv = await (await request("/api/admin/events/1/registrations.csv", { cookie })).text();
    expect(csv).toMatch(/"Owes Fee",.*,"Unpaid","","","","","",""/);
    expect(csv).toMatch(/"Waiting Man",.*,"Not due \(waiting list\)","","","","","",""/);
  });

  it("says in the CSV, as the desk does, that a man was cancelled because his fee was not paid in time", async () => {
    await runSql(["UPDATE event_registrations SET status = 'cancelled', cancel_reason = 'not paid', cancelled_by = 'system' WHERE id = 3"]);
    const csv = await (await request("/api/admin/events/1/registrations.csv", { cookie })).text();
    expect(csv).toMatch(/"Owes Too",[^\n]*"Cancelled: fee not paid in time","CODE3A"/);
  });

  it("says in the CSV, as the desk does, that money came from a man no longer confirmed: refund or keep", async () => {
    await runSql(["UPDATE event_registrations SET status = 'cancelled', cancelled_at = '2030-01-05T10:00:00.000Z' WHERE id = 1"]);
    expect(await deskText()).toContain("Paid but no longer confirmed: refund or keep");
    const row = (await (await request("/api/admin/events/1/registrations.csv", { cookie })).text()).split("\r\n").find((line) => line.startsWith('"Paid Online"'));
    expect(row).toMatch(/"Paid online","15000","Airtel Money","BMM-PAIDONLINE1","","","Paid but no longer confirmed: refund or keep"$/);
  });

  it("shows a second payment and its refund in the CSV, so it adds up to what came in", async () => {
    await runSql([
      "INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, amount_received, provider, operator, refund_due, paid_at) VALUES ('BMM-PAIDTWICE1', 'online', 'paid', 1, 1, 15000, 15000, 'simulator', 'airtel', 1, '2030-01-03T10:00:00.000Z')",
    ]);
    const csvOf = async () => (await (await request("/api/admin/events/1/registrations.csv", { cookie })).text()).split("\r\n").find((line) => line.startsWith('"Paid Online"'));
    expect(await csvOf()).toMatch(/"Paid online","15000","Airtel Money","BMM-PAIDONLINE1","15000","","Paid twice: BMM-PAIDTWICE1, refund due"$/);
    const secondId = (await env.DB.prepare("SELECT id FROM payments WHERE reference = 'BMM-PAIDTWICE1'").first<{ id: number }>())!.id;
    await act("record-refund", 1, { amount: "15000", refund_of: String(secondId) });
    expect(await csvOf()).toMatch(/"Paid online","15000","Airtel Money","BMM-PAIDONLINE1","15000","15000","Paid twice: BMM-PAIDTWICE1, given back"$/);
  });

  it("says payments are not set up, with the way to the steps, when there is no provider; visitors get no pay button", async () => {
    // Local runs have the simulator: no notice, and the setup page says no money moves.
    expect(await deskText()).not.toContain("Payments are not set up");
    expect(textOf(await (await request("/admin/payments/setup", { cookie })).text())).toContain("Payments: simulated on this computer (PAYMENTS_SIMULATOR is “on”): no money moves.");
    expect(textOf(await (await request("/events/1/register")).text())).toContain("Fee: MK 15,000. You can pay it with Airtel Money or TNM Mpamba after registering.");
    const vars = env as { PAYMENTS_SIMULATOR?: string };
    const before = vars.PAYMENTS_SIMULATOR;
    vars.PAYMENTS_SIMULATOR = "off";
    try {
      // The public pages promise no wallet that is not there.
      for (const path of ["/events/1", "/events/1/group", "/give"]) {
        // The page and its link preview (meta description).
        const page = await (await request(path)).text();
        expect(page, path).not.toContain("Airtel Money");
        expect(page, path).not.toContain("TNM Mpamba");
      }
      expect(textOf(await (await request("/events/1")).text())).toContain("Fee: MK 15,000. You pay it at the registration desk.");
      expect(textOf(await (await request("/events/1/group")).text())).toContain("Fee: MK 15,000 a man. Every man's fee is paid at the registration desk.");
      // A group's leader: his page sends him to the desk, and no man's link says "Pay his fee".
      const group = await postForm("/events/1/group", { event_id: "1", leader_name: "Desk Leader", leader_phone: "0991 400 401", mode: "all-or-nothing", lines: "30", "men[0].full_name": "Desk Man One" });
      expect(group.status).toBe(303);
      const leaderPage = textOf(await (await request(group.headers.get("Location")!)).text());
      expect(leaderPage).toContain("Each man's fee is paid at the registration desk (his page, the link below his name, says what he owes).");
      expect(leaderPage).not.toContain("Pay his fee");
      expect(leaderPage).toContain("His page");
      const html = await (await request(DESK, { cookie })).text();
      expect(textOf(html)).toContain("Payments are not set up");
      expect(html).toContain('href="/admin/payments/setup"');
      const setup = textOf(await (await request("/admin/payments/setup", { cookie })).text());
      expect(setup).toContain("PAYCHANGU_SECRET_KEY");
      // It names what is missing, as the e-mail and SMS setup pages do: here the one secret not set.
      const keys = env as { PAYCHANGU_SECRET_KEY?: string };
      const key = keys.PAYCHANGU_SECRET_KEY;
      keys.PAYCHANGU_SECRET_KEY = "sec-test-only";
      try {
        expect(textOf(await (await request("/admin/payments/setup", { cookie })).text())).toContain(
          "Payments are not set up: visitors see no pay button. Missing: the PAYCHANGU_WEBHOOK_SECRET secret.",
        );
      } finally {
        keys.PAYCHANGU_SECRET_KEY = key;
      }
      expect(setup).toContain("Turning it on");
      expect(setup).not.toMatch(/##|\*\*|\]\(/);
      const own = textOf(await (await request("/registrations/token-2-0123456789abcdef")).text());
      expect(own).toContain("Fee: MK 15,000");
      expect(own).not.toContain("Pay MK 15,000");
      expect(own).toContain("Online payment is not available yet");
      // Cash is still recorded.
      expect(await toastOf(await act("record-cash", 2, { amount: "15000", receipt_number: "R-9" }))).toMatchObject({ title: "Cash recorded" });
    } finally {
      vars.PAYMENTS_SIMULATOR = before;
    }
  });

  it("keeps a second payment from a man already paid out of the cards, as money to check", async () => {
    await runSql([
      "INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, amount_received, provider, operator, refund_due, paid_at) VALUES ('BMM-PAIDTWICE1', 'online', 'paid', 1, 1, 15000, 15000, 'simulator', 'airtel', 1, '2030-01-03T10:00:00.000Z')",
    ]);
    const text = await deskText();
    expect(cardsOf(text)).toEqual({ expected: 45000, online: 15000, cash: 0, outstanding: 30000 });
    expect(text).toContain("MK 15,000 received to check: paid twice, or not the fee's amount (see the people marked)");
    expect(text).toContain("In all: MK 30,000 received (MK 30,000 online, MK 0 in cash), MK 0 refunded");
    expect(text).toMatch(/Paid Online(?:(?!Owes Fee).)*Paid twice: refund due/);
  });

  it("a payment that came after the fee was waived (he was paying as it was waived) is said so, not 'paid twice', on the desk and on his page", async () => {
    await runSql([
      "UPDATE event_registrations SET payment_status = 'waived' WHERE id = 2",
      "INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, amount_received, provider, operator, refund_due, paid_at) VALUES ('BMM-AFTERWAIVE', 'online', 'paid', 2, 1, 15000, 15000, 'simulator', 'airtel', 1, '2030-01-03T10:00:00.000Z')",
    ]);
    const text = await deskText();
    expect(text).toContain("Paid after the fee was waived: refund due");
    expect(text).toContain("Gives back his payment of MK 15,000, which came after his fee was waived. The waiver stays.");
    expect(text).not.toContain("Paid twice");
    const token = (await env.DB.prepare("SELECT token FROM event_registrations WHERE id = 2").first<{ token: string }>())!.token;
    const page = textOf(await (await request(`/registrations/${token}`)).text());
    expect(page).toContain("Your payment of MK 15,000 (reference BMM-AFTERWAIVE) came after your fee was waived, so it will be given back to you.");
    expect(page).not.toContain("You paid twice");
  });

  it("a refund for a man who paid twice gives back the second payment once: his fee stays paid, the mark goes, the totals and his page say so", async () => {
    await runSql([
      "INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, amount_received, provider, operator, refund_due, paid_at) VALUES ('BMM-PAIDTWICE1', 'online', 'paid', 1, 1, 15000, 15000, 'simulator', 'airtel', 1, '2030-01-03T10:00:00.000Z')",
    ]);
    const privatePage = async () => textOf(await (await request("/registrations/token-1-0123456789abcdef")).text());
    expect(await privatePage()).toContain("You paid twice: your second payment, MK 15,000 (reference BMM-PAIDTWICE1), will be given back to you.");
    // The desk's refund form for him gives back that payment, and says so.
    const html = await (await request(DESK, { cookie })).text();
    const secondId = (await env.DB.prepare("SELECT id FROM payments WHERE reference = 'BMM-PAIDTWICE1'").first<{ id: number }>())!.id;
    expect(html).toContain(`name="refund_of" value="${secondId}"`);
    expect(textOf(html)).toContain("Gives back his second payment, MK 15,000. His fee stays paid.");
    const refundOf = { refund_of: String(secondId) };
    // More than the second payment brought is refused, as typed.
    const tooMuch = await refusedField(await act("record-refund", 1, { amount: "30000", ...refundOf }), "refund-amount-1");
    expect(tooMuch.error).toBe("This refund gives back the second payment, MK 15,000: record at most that. His fee stays paid. Nothing was recorded.");
    // Three taps at once record one refund; the others say it was given back already.
    const answers = await Promise.all([1, 2, 3].map(() => act("record-refund", 1, { amount: "15000", ...refundOf })));
    const toasts = await Promise.all(answers.map((answer) => toastOf(answer)));
    expect(toasts.filter((toast) => toast?.title === "Refund recorded")).toHaveLength(1);
    expect(toasts.filter((toast) => toast?.description === "That second payment was given back already: nothing was recorded.")).toHaveLength(2);
    const refunds = await env.DB.prepare("SELECT amount FROM payments WHERE kind = 'refund'").all();
    expect(refunds.results).toEqual([{ amount: 15000 }]);
    expect(await env.DB.prepare("SELECT payment_status FROM event_registrations WHERE id = 1").first()).toEqual({ payment_status: "paid-online" });
    const text = await deskText();
    expect(cardsOf(text)).toEqual({ expected: 45000, online: 15000, cash: 0, outstanding: 30000 });
    expect(text).not.toContain("Paid twice: refund due");
    expect(text).not.toContain("received to check");
    expect(text).toContain("Refunded: MK 15,000 given back to 1 person who had paid MK 15,000");
    expect(text).toContain("In all: MK 30,000 received (MK 30,000 online, MK 0 in cash), MK 15,000 refunded");
    const page = await privatePage();
    expect(page).toContain("Paid: MK 15,000 by Airtel Money");
    expect(page).toContain("You paid twice: your second payment, MK 15,000 (reference BMM-PAIDTWICE1), was given back to you.");
    expect(page).not.toMatch(REFUNDED_FEE);
    // The treasurer's CSV says so too: the second payment given back, the refund naming it.
    const rows = await csvRows(await request("/api/admin/events/1/payments.csv", { cookie }));
    expect(rows.find((row) => row.Reference === "BMM-PAIDTWICE1")!.Note).toBe("Paid twice: given back");
    expect(rows.filter((row) => row.Kind === "Refund").map((row) => row.Note)).toEqual(["Gives back BMM-PAIDTWICE1"]);
  });
});

describe("a man who paid twice, then cancelled", () => {
  let secondId: number;
  const privatePage = async () => textOf(await (await request("/registrations/token-1-0123456789abcdef")).text());
  const givenBack = async () => (await env.DB.prepare("SELECT COALESCE(sum(amount), 0) AS total FROM payments WHERE kind = 'refund'").first<{ total: number }>())!.total;

  beforeEach(async () => {
    // Both paid a day before the desk's refunds (which are stamped with the clock).
    const paid = new Date(Date.now() - 24 * 3_600_000).toISOString();
    await runSql([
      `UPDATE payments SET paid_at = '${paid}' WHERE reference = 'BMM-PAIDONLINE1'`,
      `INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, amount_received, provider, operator, refund_due, paid_at) VALUES ('BMM-PAIDTWICE1', 'online', 'paid', 1, 1, 15000, 15000, 'simulator', 'airtel', 1, '${paid}')`,
    ]);
    secondId = (await env.DB.prepare("SELECT id FROM payments WHERE reference = 'BMM-PAIDTWICE1'").first<{ id: number }>())!.id;
  });

  it("his second payment given back first: the fee's refund is at most the MK 15,000 not given back yet, so he gets back what he paid, no more", async () => {
    expect(await toastOf(await act("record-refund", 1, { amount: "15000", refund_of: String(secondId) }))).toMatchObject({ title: "Refund recorded" });
    expect(await toastOf(await act("cancel", 1))).toMatchObject({ title: "Registration cancelled" });
    const tooMuch = await refusedField(await act("record-refund", 1, { amount: "30000" }), "refund-amount-1");
    expect(tooMuch).toEqual({ error: "A refund can be at most what this person paid and has not been given back: MK 15,000. Nothing was recorded.", value: "30000" });
    expect(await givenBack()).toBe(15000);
    expect(await toastOf(await act("record-refund", 1, { amount: "15000" }))).toMatchObject({ title: "Refund recorded" });
    expect(await givenBack()).toBe(30000);
    const page = await privatePage();
    expect(page).toContain("Your payment of MK 15,000 was given back.");
    expect(page).toContain("You paid twice: your second payment, MK 15,000 (reference BMM-PAIDTWICE1), was given back to you.");
    const desk = await deskText();
    expect(desk).toContain("In all: MK 30,000 received (MK 30,000 online, MK 0 in cash), MK 30,000 refunded");
    expect(desk).toMatch(/Paid Online(?:(?!Owes Fee).)*Refunded MK 15,000/);
    expect(desk).not.toContain("kept)");
  });

  it("his fee given back first, with the second payment (a form opened before it came): the second payment is no longer due, and no form gives it back again", async () => {
    expect(await toastOf(await act("cancel", 1))).toMatchObject({ title: "Registration cancelled" });
    // A refund of the fee for all he paid: both payments, none given back yet.
    expect(await toastOf(await act("record-refund", 1, { amount: "30000" }))).toMatchObject({ title: "Refund recorded" });
    const html = await (await request(DESK, { cookie })).text();
    expect(html).not.toContain('name="refund_of"');
    expect(textOf(html)).not.toContain("Paid twice: refund due");
    expect(textOf(html)).toContain("In all: MK 30,000 received (MK 30,000 online, MK 0 in cash), MK 30,000 refunded");
    expect(await toastOf(await act("record-refund", 1, { amount: "15000", refund_of: String(secondId) }))).toMatchObject({
      description: "That second payment was given back already: nothing was recorded.",
    });
    expect(await givenBack()).toBe(30000);
    const page = await privatePage();
    expect(page).toContain("Your payment of MK 30,000 was given back.");
    expect(page).not.toContain("will be given back");
    const csv = (await (await request("/api/admin/events/1/registrations.csv", { cookie })).text()).split("\r\n").find((line) => line.startsWith('"Paid Online"'));
    expect(csv).toContain("Paid twice: BMM-PAIDTWICE1, given back");
  });

  it("his fee's refund and his second payment's at the same moment: what is given back is never more than he paid", async () => {
    expect(await toastOf(await act("cancel", 1))).toMatchObject({ title: "Registration cancelled" });
    const answers = await Promise.all([act("record-refund", 1, { amount: "30000" }), act("record-refund", 1, { amount: "15000", refund_of: String(secondId) })]);
    const recorded = (await Promise.all(answers.map((answer) => toastOf(answer)))).filter((toast) => toast?.title === "Refund recorded");
    expect(recorded).toHaveLength(1);
    expect(await givenBack()).toBeLessThanOrEqual(30000);
  });
});

describe("a payment that did not match the fee", () => {
  let mismatchId: number;

  beforeEach(async () => {
    await runSql([
      `INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, amount_received, provider, operator, flagged, flag_reason, paid_at) VALUES ('BMM-MISMATCH01', 'online', 'paid', 2, 1, 15000, 1500, 'simulator', 'airtel', 1, 'Paid MK 1,500, owed MK 15,000', '${new Date(Date.now() - 3_600_000).toISOString()}')`,
    ]);
    mismatchId = (await env.DB.prepare("SELECT id FROM payments WHERE reference = 'BMM-MISMATCH01'").first<{ id: number }>())!.id;
  });

  it("is shown at the desk with a refund form that gives it back once, however many taps; then he may pay the fee again", async () => {
    const html = await (await request(DESK, { cookie })).text();
    expect(textOf(html)).toMatch(/Owes Fee(?:(?!Owes Too).)*Payment to check: Paid MK 1,500, owed MK 15,000/);
    expect(html).toContain(`name="refund_of" value="${mismatchId}"`);
    expect(textOf(html)).toContain("Gives back his payment that did not match the fee, MK 1,500. Record it once he has the money back; he then owes the fee as before.");
    const tooMuch = await refusedField(await act("record-refund", 2, { amount: "15000", refund_of: String(mismatchId) }), "refund-amount-2");
    expect(tooMuch.error).toBe("This refund gives back the payment that did not match the fee, MK 1,500: record at most that. Nothing was recorded.");
    const answers = await Promise.all([1, 2, 3].map(() => act("record-refund", 2, { amount: "1500", refund_of: String(mismatchId) })));
    const toasts = await Promise.all(answers.map((answer) => toastOf(answer)));
    expect(toasts.filter((toast) => toast?.title === "Refund recorded").map((toast) => toast?.description)).toEqual([
      "MK 1,500 to Owes Fee: the payment that did not match the fee given back. He can now pay the fee online or in cash.",
    ]);
    expect(toasts.filter((toast) => toast?.description === "That payment was given back already: nothing was recorded.")).toHaveLength(2);
    const refunds = await env.DB.prepare("SELECT amount, refund_of FROM payments WHERE kind = 'refund'").all();
    expect(refunds.results).toEqual([{ amount: 1500, refund_of: mismatchId }]);
    const log = await env.DB.prepare("SELECT summary FROM activity_log WHERE action = 'Recorded a refund'").all();
    expect(log.results).toEqual([{ summary: "MK 1,500, the payment that did not match the fee" }]);
    const desk = await deskText();
    expect(desk).not.toContain("Payment to check");
    expect(desk).toContain("In all: MK 16,500 received (MK 16,500 online, MK 0 in cash), MK 1,500 refunded");
    // He owes the fee as before: his page asks for it, and paying starts a new charge.
    const page = textOf(await (await request("/registrations/token-2-0123456789abcdef")).text());
    expect(page).toContain("Pay MK 15,000");
    expect((await postForm("/registrations/token-2-0123456789abcdef", { intent: "pay", phone_number: "0991 000 002" })).status).toBe(303);
    // And his page says the money came back.
    expect(page).toContain("Your payment of MK 1,500 (reference BMM-MISMATCH01), which did not match the fee, was given back to you.");
  });

  it.each([
    ["waived", "waive-fee", {}, "Fee waived"],
    ["paid in cash", "record-cash", { amount: "15000", receipt_number: "R-77" }, "Cash recorded"],
  ])("once his fee is settled another way (%s), the desk still gives that payment back, and his page says it will be, then was", async (_, intent, fields, title) => {
    expect(await toastOf(await act(intent, 2, fields))).toMatchObject({ title });
    const desk = textOf(await (await request(DESK, { cookie })).text());
    expect(desk).toMatch(/Owes Fee(?:(?!Owes Too).)*Payment to give back: Paid MK 1,500, owed MK 15,000/);
    expect(desk).toContain("Gives back his payment that did not match the fee, MK 1,500. Record it once he has the money back; his fee stays as it is.");
    const privatePage = async () => textOf(await (await request("/registrations/token-2-0123456789abcdef")).text());
    expect(await privatePage()).toContain("Your payment of MK 1,500 (reference BMM-MISMATCH01), which did not match the fee, will be given back to you.");
    expect(await toastOf(await act("record-refund", 2, { amount: "1500", refund_of: String(mismatchId) }))).toMatchObject({ title: "Refund recorded" });
    expect(await privatePage()).toContain("Your payment of MK 1,500 (reference BMM-MISMATCH01), which did not match the fee, was given back to you.");
    expect(await deskText()).not.toMatch(/Payment to (check|give back)/);
  });
});

/** The four cards' amounts, which must add up: Expected = Received online + Received in cash + Outstanding. */
function cardsOf(text: string) {
  const match = /Expected MK ([\d,]+) Received online MK ([\d,]+) Received in cash MK ([\d,]+) Outstanding MK ([\d,]+)/.exec(text);
  expect(match, text).not.toBeNull();
  const [expected, online, cash, outstanding] = match!.slice(1).map((amount) => Number(amount.replaceAll(",", "")));
  expect(expected, "Expected = received + outstanding").toBe(online! + cash! + outstanding!);
  return { expected, online, cash, outstanding };
}

describe("the totals when people come and go", () => {
  const RETREAT = "/admin/events/registrations/2";
  beforeEach(async () => {
    await runSql([
      "INSERT INTO churchevents (id, name, date, price, capacity) VALUES (2, 'Lake Retreat', '2030-07-01T06:00:00.000Z', 5000, 2)",
      person(11, "Chikondi Phiri", { event_id: "2" }),
      person(12, "Yohane Banda", { event_id: "2" }),
      person(13, "Mphatso Waiting", { event_id: "2", status: "waitlisted" }),
    ]);
  });

  it("add up for the confirmed, and show cash from someone cancelled as to refund or keep, until it is refunded", async () => {
    await act("record-cash", 11, { amount: "5000", receipt_number: "R-11" }, RETREAT);
    await act("waive-fee", 12, {}, RETREAT);
    expect(await toastOf(await act("cancel", 11, {}, RETREAT))).toMatchObject({ description: expect.stringContaining("Mphatso Waiting") });
    const text = await deskText("", RETREAT);
    // Mphatso moved up and owes the fee; Yohane's is waived; Chikondi's cash is not a confirmed man's fee.
    expect(cardsOf(text)).toEqual({ expected: 5000, online: 0, cash: 0, outstanding: 5000 });
    expect(text).toContain("MK 5,000 received from people no longer confirmed (1 person): refund or keep");
    expect(text).toMatch(/Chikondi Phiri(?:(?!Yohane Banda).)*Paid but no longer confirmed: refund or keep/);
    expect(text).toContain("In all: MK 5,000 received (MK 0 online, MK 5,000 in cash), MK 0 refunded");

    expect(await toastOf(await act("record-refund", 11, { amount: "5000" }, RETREAT))).toMatchObject({ title: "Refund recorded" });
    const refunded = await deskText("", RETREAT);
    expect(cardsOf(refunded)).toEqual({ expected: 5000, online: 0, cash: 0, outstanding: 5000 });
    expect(refunded).not.toContain("refund or keep");
    expect(refunded).toContain("Refunded: MK 5,000 given back to 1 person who had paid MK 5,000");
    expect(refunded).toContain("In all: MK 5,000 received (MK 0 online, MK 5,000 in cash), MK 5,000 refunded");
  });

  it("count someone restored to a place as paid again, and someone moved up who pays as received", async () => {
    await act("record-cash", 11, { amount: "5000", receipt_number: "R-11" }, RETREAT);
    await act("cancel", 11, {}, RETREAT);
    await act("record-cash", 13, { amount: "5000", receipt_number: "R-13" }, RETREAT);
    expect(cardsOf(await deskText("", RETREAT))).toEqual({ expected: 10000, online: 0, cash: 5000, outstanding: 5000 });
    await act("cancel", 12, {}, RETREAT);
    await act("restore", 11, {}, RETREAT);
    const text = await deskText("", RETREAT);
    expect(cardsOf(text)).toEqual({ expected: 10000, online: 0, cash: 10000, outstanding: 0 });
    expect(text).not.toContain("refund or keep");
    expect(text).not.toContain("In all");
  });

  it("a man refunded when he cancelled and then restored owes the fee again; one released for not paying gets his hours to pay afresh", async () => {
    const made = new Date(Date.now() - 49 * 3_600_000).toISOString();
    await runSql([
      `UPDATE churchevents SET payment_hold_hours = 48, capacity = 5 WHERE id = 2`,
      `UPDATE event_registrations SET created_at = '${made}' WHERE event_id = 2`,
      `UPDATE event_registrations SET status = 'cancelled', cancelled_at = '${made}', cancelled_by = 'system', cancel_reason = 'not paid' WHERE id = 12`,
    ]);
    // The desk says why he was cancelled.
    expect(await deskText("", RETREAT)).toMatch(/Yohane Banda(?:(?!Mphatso).)*Cancelled: fee not paid in time/);
    await act("record-cash", 11, { amount: "5000", receipt_number: "R-11" }, RETREAT);
    await act("cancel", 11, {}, RETREAT);
    expect(await toastOf(await act("record-refund", 11, { amount: "5000" }, RETREAT))).toMatchObject({ title: "Refund recorded" });
    for (const id of [11, 12]) expect(await toastOf(await act("restore", id, {}, RETREAT))).toMatchObject({ title: expect.not.stringMatching(/Error/) });
    const states = await env.DB.prepare("SELECT id, status, payment_status FROM event_registrations WHERE id IN (11, 12) ORDER BY id").all();
    expect(states.results).toEqual([
      { id: 11, status: "confirmed", payment_status: "unpaid" },
      { id: 12, status: "confirmed", payment_status: "unpaid" },
    ]);
    // The two, and Mphatso, who moved up when Chikondi cancelled.
    expect(cardsOf(await deskText("", RETREAT))).toMatchObject({ outstanding: 15000 });
    // The release that runs every 10 minutes leaves them: their 48 hours run from the restore.
    expect(await releaseUnpaidHolds(Date.now())).toEqual({ cancelled: 0, promoted: 0 });
    const page = textOf(await (await request("/registrations/token-12-0123456789abcdef")).text());
    expect(page).toContain("Your place is held for you until");
    expect(await releaseUnpaidHolds(Date.now() + 49 * 3_600_000)).toMatchObject({ cancelled: 3 });
    // Chikondi pays again and cancels again: he is given back at most what he paid this time.
    await runSql(["UPDATE event_registrations SET status = 'confirmed', cancelled_at = NULL, cancel_reason = NULL WHERE id = 11"]);
    await act("record-cash", 11, { amount: "5000", receipt_number: "R-11b" }, RETREAT);
    await act("cancel", 11, {}, RETREAT);
    expect((await refusedField(await act("record-refund", 11, { amount: "10000" }, RETREAT), "refund-amount-11")).error).toBe("A refund can be at most what this person paid and has not been given back: MK 5,000. Nothing was recorded.");
    expect(await toastOf(await act("record-refund", 11, { amount: "5000" }, RETREAT))).toMatchObject({ title: "Refund recorded" });
  });
});

describe("a man refunded and restored", () => {
  const CAMP = "/admin/events/registrations/3";
  const TOKEN = "token-21-0123456789abcdef";
  beforeEach(async () => {
    await runSql([
      "INSERT INTO churchevents (id, name, date, price) VALUES (3, 'Youth Camp', '2030-08-01T06:00:00.000Z', 35000)",
      person(21, "Yohane Banda", { event_id: "3" }),
    ]);
  });

  const pageOf = async () => textOf(await (await request(`/registrations/${TOKEN}`)).text());
  const latestOnline = () => env.DB.prepare("SELECT id, reference, status FROM payments WHERE kind = 'online' ORDER BY id DESC LIMIT 1").first<{ id: number; reference: string; status: string }>();

  /** He pays on his private page, and approves (or declines) on the simulator's page: the payment's reference. */
  async function payOnline(decision: "approve" | "decline" = "approve") {
    const started = await postForm(`/registrations/${TOKEN}`, { intent: "pay", phone_number: "0991 555 010" });
    expect(started.status, "a new online payment starts").toBe(303);
    const payment = (await latestOnline())!;
    expect(payment.status).toBe("pending");
    expect((await request(`/api/payments/simulator/${payment.reference}/${decision}`, { method: "POST" })).status).toBe(303);
    return payment.reference;
  }

  /** The CSV's row for Yohane, and the sums of the money columns over the whole file. */
  async function csvOfCamp() {
    const lines = (await (await request("/api/admin/events/3/registrations.csv", { cookie })).text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
    const cells = (line: string) => line.slice(1, -1).split('","');
    const header = cells(lines[0]!);
    const rows = lines.slice(1).map(cells);
    const sum = (column: string) => rows.reduce((total, row) => total + Number(row[header.indexOf(column)] || 0), 0);
    const yohane = rows.find((row) => row[0] === "Yohane Banda")!;
    return {
      row: yohane.slice(header.indexOf("Payment")).join("|"),
      received: sum("Amount paid (MK)") + sum("Other payments (MK)"),
      refunded: sum("Refunded (MK)"),
    };
  }

  it("keeps his refunded online payment under Refunded for good: not to check once restored, not a fee again once he pays cash; he may pay online again, and the CSV adds up", async () => {
    const first = await payOnline();
    expect(await toastOf(await act("cancel", 21, {}, CAMP))).toMatchObject({ title: expect.not.stringMatching(/Error/) });
    expect(await toastOf(await act("record-refund", 21, { amount: "35000" }, CAMP))).toMatchObject({ title: "Refund recorded" });
    expect(await toastOf(await act("restore", 21, {}, CAMP))).toMatchObject({ title: expect.not.stringMatching(/Error/) });
    expect(await env.DB.prepare("SELECT status, payment_status FROM event_registrations WHERE id = 21").first()).toEqual({ status: "confirmed", payment_status: "unpaid" });

    // Restored, he owes the fee again; his first payment stays given back.
    const restored = await deskText("", CAMP);
    expect(cardsOf(restored)).toEqual({ expected: 35000, online: 0, cash: 0, outstanding: 35000 });
    expect(restored).not.toContain("received to check");
    expect(restored).toContain("Refunded: MK 35,000 given back to 1 person who had paid MK 35,000");
    expect(restored).toContain("In all: MK 35,000 received (MK 35,000 online, MK 0 in cash), MK 35,000 refunded");
    expect(await csvOfCamp()).toEqual({ row: `Unpaid||||35000|35000|Fee paid before a refund: ${first}, given back`, received: 35000, refunded: 35000 });

    // His page asks for the fee, and a new online payment starts (this one he declines).
    const page = await pageOf();
    expect(page).toContain("Pay MK 35,000");
    expect(page).not.toMatch(REFUNDED_FEE);
    expect(page).not.toContain(`reference ${first}`);
    const second = await payOnline("decline");
    expect(second).not.toBe(first);
    expect(await pageOf()).toContain("The last payment did not go through. You can try again.");

    // He pays cash at the desk instead: his fee counts once, his old payment stays refunded.
    expect(await toastOf(await act("record-cash", 21, { amount: "35000", receipt_number: "R-21" }, CAMP))).toMatchObject({ title: "Cash recorded" });
    const paid = await deskText("", CAMP);
    expect(cardsOf(paid)).toEqual({ expected: 35000, online: 0, cash: 35000, outstanding: 0 });
    expect(paid).not.toContain("received to check");
    expect(paid).toContain("Refunded: MK 35,000 given back to 1 person who had paid MK 35,000");
    expect(paid).toContain("In all: MK 70,000 received (MK 35,000 online, MK 35,000 in cash), MK 35,000 refunded");
    // Every paid payment is in the CSV: its money columns add up to the desk's "In all".
    expect(await csvOfCamp()).toEqual({ row: `Cash|35000|Cash|R-21|35000|35000|Fee paid before a refund: ${first}, given back`, received: 70000, refunded: 35000 });

    // Cancelled again, he is given back at most what he paid this time.
    await act("cancel", 21, {}, CAMP);
    expect((await refusedField(await act("record-refund", 21, { amount: "70000" }, CAMP), "refund-amount-21")).error).toBe("A refund can be at most what this person paid and has not been given back: MK 35,000. Nothing was recorded.");
  });

  it("counts his second online payment as his fee once restored and paid again, and his page shows it", async () => {
    const first = await payOnline();
    await act("cancel", 21, {}, CAMP);
    // Part of the fee given back: the rest was kept.
    await act("record-refund", 21, { amount: "20000" }, CAMP);
    await act("restore", 21, {}, CAMP);
    const second = await payOnline();
    expect(await env.DB.prepare("SELECT payment_status FROM event_registrations WHERE id = 21").first()).toEqual({ payment_status: "paid-online" });
    expect(await pageOf()).toContain(`Paid: MK 35,000 by Airtel Money`);
    expect(await pageOf()).toContain(`reference ${second}`);
    const text = await deskText("", CAMP);
    expect(cardsOf(text)).toEqual({ expected: 35000, online: 35000, cash: 0, outstanding: 0 });
    expect(text).not.toContain("received to check");
    expect(text).not.toContain("Paid twice");
    expect(text).toContain("Refunded: MK 20,000 given back to 1 person who had paid MK 35,000");
    expect(text).toContain("In all: MK 70,000 received (MK 70,000 online, MK 0 in cash), MK 20,000 refunded");
    expect(await csvOfCamp()).toEqual({ row: `Paid online|35000|Airtel Money|${second}|35000|20000|Fee paid before a refund: ${first}, given back`, received: 70000, refunded: 20000 });
    // Cancelled again: what he paid this time, not what the first refund left of the first payment too.
    await act("cancel", 21, {}, CAMP);
    expect((await refusedField(await act("record-refund", 21, { amount: "50000" }, CAMP), "refund-amount-21")).error).toBe("A refund can be at most what this person paid and has not been given back: MK 35,000. Nothing was recorded.");
  });

  it("says how much a refund gave back and what was kept, on his page and the desk's row; a full one, how much", async () => {
    await payOnline();
    await act("cancel", 21, {}, CAMP);
    expect(await toastOf(await act("record-refund", 21, { amount: "30000" }, CAMP))).toMatchObject({ title: "Refund recorded" });
    const page = await pageOf();
    expect(page).toContain("MK 30,000 of your MK 35,000 was given back.");
    expect(page).not.toContain("Your payment was refunded.");
    expect(await deskText("", CAMP)).toMatch(/Yohane Banda(?:(?!Record refund).)*Refunded MK 30,000 of MK 35,000 \(MK 5,000 kept\)/);
    // Restored, he owes the fee again: the desk says what was kept of his first payment, for staff to weigh.
    await act("restore", 21, {}, CAMP);
    expect(await deskText("", CAMP)).toMatch(/Yohane Banda(?:(?!Record refund).)*Unpaid: MK 35,000 \(MK 5,000 kept at his refund\)/);
    expect(await pageOf()).toContain("When your registration was cancelled and refunded, MK 5,000 of your earlier payment was kept. Ask the organisers whether it counts towards this fee.");
    // He pays again, cancels again and is given all of it back: this refund was for his second payment alone.
    await payOnline();
    await act("cancel", 21, {}, CAMP);
    expect(await toastOf(await act("record-refund", 21, { amount: "35000" }, CAMP))).toMatchObject({ title: "Refund recorded" });
    const again = await pageOf();
    expect(again).toContain("Your payment of MK 35,000 was given back.");
    expect(again).not.toContain("of your MK");
    const desk = await deskText("", CAMP);
    expect(desk).toContain("Refunded MK 35,000");
    expect(desk).not.toContain("kept)");
  });

  it("still counts a man paid, cancelled without a refund and restored as paid", async () => {
    const first = await payOnline();
    await act("cancel", 21, {}, CAMP);
    await act("restore", 21, {}, CAMP);
    expect(await env.DB.prepare("SELECT status, payment_status FROM event_registrations WHERE id = 21").first()).toEqual({ status: "confirmed", payment_status: "paid-online" });
    const text = await deskText("", CAMP);
    expect(cardsOf(text)).toEqual({ expected: 35000, online: 35000, cash: 0, outstanding: 0 });
    expect(text).not.toContain("Refunded:");
    expect(text).not.toContain("In all");
    expect(await pageOf()).toContain(`reference ${first}`);
    expect((await postForm(`/registrations/${TOKEN}`, { intent: "pay", phone_number: "0991 555 010" })).status, "nothing more to pay").toBe(409);
    expect(await csvOfCamp()).toEqual({ row: `Paid online|35000|Airtel Money|${first}|||`, received: 35000, refunded: 0 });
  });
});

async function csvRows(response: Response) {
  const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean);
  const cells = (line: string) => line.slice(1, -1).split('","');
  const header = cells(lines[0]!);
  return lines.slice(1).map((line) => Object.fromEntries(cells(line).map((cell, i) => [header[i], cell])));
}

describe("the event's payments CSV", () => {
  beforeEach(async () => {
    await runSql([
      "UPDATE payments SET provider_reference = 'PC-778899', phone_number = '+265991000001' WHERE reference = 'BMM-PAIDONLINE1'",
      "INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, provider, operator, phone_number, failure_reason, created_at) VALUES ('BMM-DECLINED01', 'online', 'failed', 3, 1, 15000, 'simulator', 'tnm', '+265881000003', 'The payment was not completed.', '2030-01-02T11:00:00.000Z')",
    ]);
  });

  it("lists every payment with its references, receipt number, payer and who recorded it; Received less Given back is what the event kept", async () => {
    expect(await toastOf(await act("record-cash", 2, { amount: "15000", receipt_number: "R-0101" }))).toMatchObject({ title: "Cash recorded" });
    expect(await toastOf(await act("waive-fee", 3, { reason: "Pastor's guest" }))).toMatchObject({ title: expect.stringMatching(/waived/i) });
    expect((await act("cancel", 2)).status).toBe(302);
    expect(await toastOf(await act("record-refund", 2, { amount: "10000" }))).toMatchObject({ title: "Refund recorded" });

    const response = await request("/api/admin/events/1/payments.csv", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain("payments.csv");
    const rows = await csvRows(response);
    const byKind = (kind: string) => rows.filter((row) => row.Kind === kind);
    expect(byKind("Mobile money").map((row) => [row.Reference, row["Provider reference"], row.Status, row["Received (MK)"], row["Paid by"], row.Name, row.Code, row["Recorded by"]])).toEqual([
      ["BMM-PAIDONLINE1", "PC-778899", "Done", "15000", "Airtel Money", "Paid Online", "CODE1A", "PayChangu"],
      ["BMM-DECLINED01", "", "Failed", "0", "TNM Mpamba", "Owes Too", "CODE3A", "PayChangu"],
    ]);
    expect(byKind("Mobile money")[1]!.Note).toBe("The payment was not completed.");
    expect(byKind("Cash").map((row) => [row["Receipt number"], row["Received (MK)"], row.Name, row["Recorded by"]])).toEqual([["R-0101", "15000", "Owes Fee", "admin@example.org"]]);
    expect(byKind("Refund").map((row) => [row["Received (MK)"], row["Given back (MK)"], row.Name, row.Note])).toEqual([["0", "10000", "Owes Fee", "Gives back the fee"]]);
    expect(byKind("Cash")[0]!.Note).toBe("The fee was refunded since (see the refund)");
    expect(byKind("Fee waived").map((row) => [row["Received (MK)"], row.Name])).toEqual([["0", "Owes Too"]]);
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

describe("the door", () => {
  it("shows 'Unpaid: MK 15,000' and lets a door volunteer take cash, which the desk then shows", async () => {
    await createAdmin("door@example.org", "correct-horse-battery", "volunteer");
    const door = await signIn("door@example.org", "correct-horse-battery", "203.0.113.9");
    const page = textOf(await (await request("/admin/events/1/check-in?q=Owes", { cookie: door })).text());
    expect(page).toContain("Unpaid: MK 15,000");
    expect(page).toContain("Take cash");
    const taken = await postForm("/admin/events/1/check-in", { intent: "record-cash", registration_id: "2", amount: "15000", receipt_number: "D-1" }, { cookie: door });
    expect(await toastOf(taken)).toMatchObject({ title: "Cash recorded", description: "MK 15,000 from Owes Fee" });
    // A door volunteer cannot waive or refund.
    const waive = await postForm("/admin/events/1/check-in", { intent: "waive-fee", registration_id: "3" }, { cookie: door });
    expect(await toastOf(waive)).toMatchObject({ variant: "destructive" });
    const text = await deskText("?q=Owes");
    expect(text).toMatch(/Owes Fee.*Cash/);
    expect((await env.DB.prepare("SELECT actor FROM activity_log WHERE action = 'Recorded a cash payment'").first())).toEqual({ actor: "door@example.org" });
  });

  it("says at the door too who is paying by mobile money right now, with the warning in his cash form", async () => {
    const at = new Date(Date.now() - 30_000).toISOString();
    await runSql([
      `INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, provider, operator, created_at, updated_at) VALUES ('BMM-PROMPTDOOR', 'online', 'pending', 2, 1, 15000, 'simulator', 'airtel', '${at}', '${at}')`,
    ]);
    await createAdmin("door@example.org", "correct-horse-battery", "volunteer");
    const door = await signIn("door@example.org", "correct-horse-battery", "203.0.113.9");
    const page = textOf(await (await request("/admin/events/1/check-in?q=Owes", { cookie: door })).text());
    expect(page.match(/Paying by mobile money now/g)).toHaveLength(1);
    expect(page).toContain("Owes Fee is paying by mobile money right now. Wait a few minutes and reload: cash taken too would be paid twice.");
  });

  it("takes no cash from a man on the waiting list, at the door or the desk: only a place is paid for", async () => {
    await runSql(["UPDATE event_registrations SET status = 'waitlisted' WHERE id = 2"]);
    await createAdmin("door@example.org", "correct-horse-battery", "volunteer");
    const door = await signIn("door@example.org", "correct-horse-battery", "203.0.113.9");
    expect(textOf(await (await request("/admin/events/1/check-in?q=Owes%20Fee", { cookie: door })).text())).not.toContain("Take cash");
    for (const [path, who] of [["/admin/events/1/check-in", door], [DESK, cookie]] as const) {
      const taken = await postForm(path, { intent: "record-cash", registration_id: "2", amount: "15000", receipt_number: "D-2" }, { cookie: who });
      expect(await toastOf(taken), path).toMatchObject({ variant: "destructive", description: "Only a confirmed place is paid for: this person is not confirmed. Nothing was recorded." });
    }
    expect(await env.DB.prepare("SELECT payment_status FROM event_registrations WHERE id = 2").first()).toEqual({ payment_status: "unpaid" });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE kind = 'cash'").first()).toEqual({ n: 0 });
  });
});

describe("a man's hours to pay running out while staff take his cash", () => {
  it("he is either paid and kept, or released and his cash refused: never released with his cash taken, nor paid and cancelled", async () => {
    const made = new Date(Date.now() - 49 * 3_600_000).toISOString();
    await runSql([`UPDATE churchevents SET payment_hold_hours = 48 WHERE id = 1`, `UPDATE event_registrations SET created_at = '${made}' WHERE id IN (2, 3)`]);
    const [released, taken] = await Promise.all([releaseUnpaidHolds(Date.now()), act("record-cash", 2, { amount: "15000", receipt_number: "R-2" })]);
    const toast = await toastOf(taken);
    const man = await env.DB.prepare("SELECT status, payment_status FROM event_registrations WHERE id = 2").first<{ status: string; payment_status: string }>();
    const cash = await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE registration_id = 2 AND kind = 'cash' AND status = 'paid'").first<{ n: number }>();
    // The other man, who paid nothing, is released either way.
    expect(await env.DB.prepare("SELECT status FROM event_registrations WHERE id = 3").first()).toEqual({ status: "cancelled" });
    if (man!.status === "cancelled") {
      expect({ released: released.cancelled, cash: cash!.n, payment: man!.payment_status, refused: toast?.variant }).toEqual({ released: 2, cash: 0, payment: "unpaid", refused: "destructive" });
    } else {
      expect({ released: released.cancelled, cash: cash!.n, payment: man!.payment_status, status: man!.status }).toEqual({ released: 1, cash: 1, payment: "cash", status: "confirmed" });
    }
  });
});
