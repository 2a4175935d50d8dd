// Paying an event's fee from the private page through the local PayChangu simulator, and the rules
// of money coming in (issue 23, decision 021): a payment counts only after the provider's verify
// call confirms it; a bad signature changes nothing; identical webhooks record one payment; a
// wrong amount and a second payment are recorded and flagged; the page works without JavaScript.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { hmacSha256Hex } from "~/features/payments/paychangu.server";
import { SIMULATOR_WEBHOOK_SECRET } from "~/features/payments/simulator.server";
import { renderRegistrationSms } from "~/features/events/registration-sms-outbox.server";
import { giftReceiptSms } from "~/features/payments/gift-receipt.server";
import type { OutboxRow } from "~/server/email-rules.server";
import { postForm, request, runSql, seedReference, toastOf } from "./helpers";
import { smsSimulator, withSmsSetUp } from "./sms-helpers";
import { verifyUnreachable } from "./payment-helpers";
import { waitForOutbox } from "./email-helpers";
import { mainHtml, textOf } from "./public-helpers";

const FUTURE = "2030-06-12T06:00:00.000Z";

beforeEach(async () => {
  await seedReference();
  await runSql([
    `INSERT INTO churchevents (id, name, date, location, price) VALUES (1, 'Men''s Conference', '${FUTURE}', 'Lilongwe', 15000)`,
    `INSERT INTO churchevents (id, name, date, location) VALUES (2, 'Free Breakfast', '${FUTURE}', 'Blantyre')`,
  ]);
});

async function registerFor(eventId: number, phone = "0991 555 010", name = "Kondwani Phiri") {
  const response = await postForm("/api/registrations", { event_id: String(eventId), full_name: name, phone_number: phone, email: "" }, { ip: `198.51.100.${Math.floor(Math.random() * 200)}` });
  const answer = await response.json<RegistrationAnswer>();
  return answer.registration!.privateUrl.split("/registrations/")[1]!;
}

async function pageText(token: string) {
  return textOf(mainHtml(await (await request(`/registrations/${token}`)).text()));
}

function pay(token: string, fields: Record<string, string> = { phone_number: "0991 555 010" }) {
  return postForm(`/registrations/${token}`, { intent: "pay", ...fields });
}

async function latestPayment() {
  return env.DB.prepare("SELECT * FROM payments ORDER BY id DESC LIMIT 1").first<Record<string, unknown>>();
}

async function signedWebhook(body: string, signature?: string) {
  return request("/api/payments/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", Signature: signature ?? (await hmacSha256Hex(SIMULATOR_WEBHOOK_SECRET, body)) },
    body,
  });
}

/** The provider approves the charge and says so `times` times at once (the same signed webhook): the answers. */
async function confirmedAtOnce(reference: unknown, amount: number, times: number) {
  await env.DB.prepare("UPDATE payment_simulator_charges SET status = 'success', completed_at = ?").bind(new Date().toISOString()).run();
  const body = JSON.stringify({ event_type: "api.charge.payment", status: "success", charge_id: reference, amount, currency: "MWK" });
  const signature = await hmacSha256Hex(SIMULATOR_WEBHOOK_SECRET, body);
  return Promise.all(Array.from({ length: times }, () => signedWebhook(body, signature)));
}

/** The payer approves (or declines) on the simulator's page, which sends the signed webhook. */
function decide(reference: string, decision: "approve" | "decline") {
  return request(`/api/payments/simulator/${reference}/${decision}`, { method: "POST" });
}

async function paymentStatusOf(token: string) {
  return (await env.DB.prepare("SELECT payment_status FROM event_registrations WHERE token = ?").bind(token).first<{ payment_status: string }>())!.payment_status;
}

describe("an event's fee", () => {
  it("shows 'Fee: MK 15,000' on the event page, in the registration dialog and on the registration page, with the wallets; a free event shows no fee", async () => {
    const paid = textOf(mainHtml(await (await request("/events/1?register=1")).text()));
    expect(paid).toContain("Fee: MK 15,000");
    expect(paid).toContain("You can pay it with Airtel Money or TNM Mpamba after registering.");
    const free = textOf(mainHtml(await (await request("/events/2?register=2")).text()));
    expect(free).not.toContain("Fee:");
    expect(free).not.toContain("Airtel Money");
    // The registration page (an event that asks questions registers there instead of the dialog).
    const page = textOf(mainHtml(await (await request("/events/1/register")).text()));
    expect(page).toContain("Fee: MK 15,000. You can pay it with Airtel Money or TNM Mpamba after registering.");
    expect(textOf(mainHtml(await (await request("/events/2/register")).text()))).not.toContain("Fee:");
  });

  it("right after registering, the confirmation links to the private page's fee form; a free event's and a waiting list's do not", async () => {
    const registering = (eventId: number, phone: string) =>
      postForm("/api/registrations", { event_id: String(eventId), full_name: "Kondwani Phiri", phone_number: phone, email: "" }, { ip: `198.51.100.${Math.floor(Math.random() * 200)}` }).then((response) => response.json<RegistrationAnswer>());
    const paid = (await registering(1, "0991 555 011")).registration!;
    expect(paid.payText).toBe("Pay the fee: MK 15,000");
    expect(paid.payHref).toBe(`${paid.privateUrl}#fee-heading`);
    // Where it leads: the fee's heading on the private page, with the pay button below it.
    const page = await (await request(new URL(paid.privateUrl).pathname)).text();
    expect(page).toMatch(/<h2 id="fee-heading"[^>]*>Fee<\/h2>/);
    expect(textOf(mainHtml(page))).toContain("Pay MK 15,000");
    // The page shows the form itself, so its summary carries no pay link.
    expect(textOf(mainHtml(page))).not.toContain("Pay the fee");
    const free = (await registering(2, "0991 555 012")).registration!;
    expect(free).toMatchObject({ payHref: null, payText: null });
    // Full, with a waiting list: no fee is asked of someone without a place.
    await runSql(["UPDATE churchevents SET capacity = 1, waitlist_enabled = 1 WHERE id = 1"]);
    const waiting = (await registering(1, "0991 555 013")).registration!;
    expect(waiting).toMatchObject({ status: "waitlisted", payHref: null, payText: null });
  });

  it("asks nothing of a man on the waiting list: his page says the fee is paid once he has a place, and a pay post starts no charge", async () => {
    await runSql(["UPDATE churchevents SET capacity = 1, waitlist_enabled = 1 WHERE id = 1"]);
    await registerFor(1, "0991 555 020", "Placed Man");
    const token = await registerFor(1, "0991 555 021", "Waiting Man");
    const text = await pageText(token);
    expect(text).toContain("Fee: MK 15,000, paid once you have a place.");
    expect(text).not.toContain("Pay MK 15,000");
    expect((await pay(token, { phone_number: "0991 555 021" })).status).toBe(409);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM payments").first<{ n: number }>()).toEqual({ n: 0 });
    // Given a place (here set by hand: a second place, and he confirmed), he is asked for the fee and can pay it.
    await runSql(["UPDATE churchevents SET capacity = 2 WHERE id = 1", "UPDATE event_registrations SET status = 'confirmed' WHERE full_name = 'Waiting Man'"]);
    expect(await pageText(token)).toContain("Pay MK 15,000");
    expect((await pay(token, { phone_number: "0991 555 021" })).status).toBe(303);
  });

  it("leaves a free event's private page as it was: no fee, no pay button", async () => {
    const token = await registerFor(2);
    const text = await pageText(token);
    expect(text).not.toContain("Fee");
    expect(text).not.toContain("Pay MK");
  });
});

describe("paying from the private page", () => {
  it("pays through the simulator and shows 'Paid: MK 15,000 by Airtel Money on {date}, reference {ref}'", async () => {
    const token = await registerFor(1);
    const before = await (await request(`/registrations/${token}`)).text();
    expect(textOf(mainHtml(before))).toContain("Pay MK 15,000");
    expect(before).toContain('value="+265 991 55 50 10"');
    // The number's prefix (099) tells the wallet: the form does not ask.
    expect(before).not.toContain('name="operator"');

    const started = await pay(token);
    expect(started.status).toBe(303);
    const payment = (await latestPayment())!;
    expect(payment).toMatchObject({ kind: "online", status: "pending", amount: 15000, operator: "airtel", provider: "simulator", phone_number: "+265991555010" });

    const pending = await (await request(`/registrations/${token}`)).text();
    // On to a new address each time: the page's own ends in #fee-heading, and a refresh to it would only scroll.
    expect(pending).toMatch(new RegExp(`<meta http-equiv="refresh" content="5;url=/registrations/${token}\\?check=\\d+#fee-heading"`));
    expect(textOf(mainHtml(pending))).toContain("Approve the payment on your phone");
    // Which phone: a payment started from another tab, with another number, is not waited for on this one.
    expect(textOf(mainHtml(pending))).toContain("The phone ending 010 will ask you to approve MK 15,000 from Airtel Money with your PIN.");

    expect((await decide(String(payment.reference), "approve")).status).toBe(303);
    const paid = await pageText(token);
    expect(paid).toMatch(new RegExp(`Paid: MK 15,000 by Airtel Money on \\d{1,2} \\w{3} \\d{4}, reference ${payment.reference}`));
    expect(await paymentStatusOf(token)).toBe("paid-online");
    // The log's line names whose payment it is, as the desk's lines name a registration.
    const log = await env.DB.prepare("SELECT actor, action, target, summary FROM activity_log WHERE target LIKE ?").bind(`payment ${payment.reference}%`).all();
    expect(log.results).toEqual([
      { actor: "PayChangu", action: "Payment received", target: `payment ${payment.reference} for registration ${payment.registration_id} “Kondwani Phiri” at event 1 “Men's Conference”`, summary: "MK 15,000 by Airtel Money" },
    ]);
    // Paying twice is impossible: no second charge starts.
    expect((await pay(token)).status).toBe(409);
  });

  it("a man who paid, cancelled and changed his mind restores his registration on his page: same code, his payment kept, nothing more to pay, one registration", async () => {
    const token = await registerFor(1);
    await pay(token);
    await decide(String((await latestPayment())!.reference), "approve");
    const before = (await env.DB.prepare("SELECT id, code FROM event_registrations WHERE token = ?").bind(token).first<{ id: number; code: string }>())!;
    expect((await postForm(`/registrations/${token}`, {})).status).toBe(303);
    const cancelled = await (await request(`/registrations/${token}`)).text();
    expect(textOf(mainHtml(cancelled))).toContain("Changed your mind? Restoring keeps your code and the fee you paid: your place back if one is free, else a place on the waiting list.");
    expect(cancelled).toMatch(/<button[^>]*value="restore"[^>]*name="intent"[^>]*>Restore my registration<\/button>/);
    expect(cancelled).not.toContain(">Register again<");

    // Two taps at once (a slow line): one restores, the other is told so.
    const taps = await Promise.all([postForm(`/registrations/${token}`, { intent: "restore" }), postForm(`/registrations/${token}`, { intent: "restore" })]);
    expect(taps.map((tap) => tap.status)).toEqual([303, 303]);
    expect((await Promise.all(taps.map(toastOf))).map((toast) => toast?.title).sort()).toEqual(["Not restored", "Registration restored"]);
    const after = await env.DB.prepare("SELECT id, code, status, payment_status FROM event_registrations WHERE event_id = 1").all();
    expect(after.results).toEqual([{ id: before.id, code: before.code, status: "confirmed", payment_status: "paid-online" }]);
    const page = await pageText(token);
    expect(page).toContain("Paid: MK 15,000");
    expect(page).not.toContain("Pay MK 15,000");
    const log = await env.DB.prepare("SELECT actor, action FROM activity_log WHERE action LIKE 'Restored%'").all();
    expect(log.results).toEqual([{ actor: "private link", action: "Restored (on his own page)" }]);
  });

  it("a registration staff cancelled, or one at a closed event, is not restored from its page: 'Register again' stays", async () => {
    const token = await registerFor(2);
    await runSql([`UPDATE event_registrations SET status = 'cancelled', cancelled_by = 'admin@example.org' WHERE token = '${token}'`]);
    const page = await (await request(`/registrations/${token}`)).text();
    expect(page).not.toContain("Restore my registration");
    expect(page).toContain(">Register again<");
    expect(await toastOf(await postForm(`/registrations/${token}`, { intent: "restore" }))).toMatchObject({ title: "Not restored" });
    // Cancelled by himself, but registration has closed since.
    await runSql([`UPDATE event_registrations SET cancelled_by = 'registrant' WHERE token = '${token}'`, "UPDATE churchevents SET registration_enabled = 0 WHERE id = 2"]);
    expect(await toastOf(await postForm(`/registrations/${token}`, { intent: "restore" }))).toMatchObject({ title: "Not restored" });
    expect((await env.DB.prepare("SELECT status FROM event_registrations WHERE token = ?").bind(token).first())!.status).toBe("cancelled");
  });

  it("tells someone who paid, before and after cancelling, that cancelling does not pay the fee back by itself", async () => {
    const token = await registerFor(1);
    expect(await pageText(token)).not.toContain("You have paid the fee.");
    await pay(token);
    await decide(String((await latestPayment())!.reference), "approve");
    expect(await pageText(token)).toContain(
      "You have paid the fee. Cancelling does not pay it back by itself: to ask for a refund, contact the organisers",
    );
    expect((await postForm(`/registrations/${token}`, {})).status).toBe(303);
    const cancelled = await pageText(token);
    expect(cancelled).toContain("This registration is cancelled.");
    expect(cancelled).toContain("You paid the fee for this registration. To ask for a refund, contact the organisers");
    // "contact the organisers" is a link to the Contact page, its subject filled in.
    expect(await (await request(`/registrations/${token}`)).text()).toMatch(/<a href="\/contact\?subject=Refund%20of%20an%20event%20fee"[^>]*>contact the organisers<\/a>/);
    // A cancelled registration offers nothing that only a live one can use.
    expect(cancelled).not.toContain("Keep this link");
    expect(cancelled).not.toContain("Add to calendar");
  });

  it("warns someone cancelling while a payment waits on his phone to decline it there; approved after all, his page says the fee was paid and how to ask for it back", async () => {
    const token = await registerFor(1);
    await pay(token);
    expect(await pageText(token)).toContain(
      "A payment of MK 15,000 is waiting for your approval on your phone. If you cancel, decline it on your phone: if it is approved, the money is taken and you must ask for it back.",
    );
    expect((await postForm(`/registrations/${token}`, {})).status).toBe(303);
    await decide(String((await latestPayment())!.reference), "approve");
    const cancelled = await pageText(token);
    expect(cancelled).toContain("This registration is cancelled.");
    expect(cancelled).toContain("You paid the fee for this registration. To ask for a refund, contact the organisers");
  });

  it("asks for the wallet when the number's prefix does not tell, keeping what was typed", async () => {
    const token = await registerFor(1, "0771 234 567");
    const page = await (await request(`/registrations/${token}`)).text();
    expect(page).toContain('name="operator"');
    const refused = await pay(token, { phone_number: "0771 234 567" });
    expect(refused.status).toBe(400);
    const text = textOf(mainHtml(await refused.text()));
    expect(text).toContain("Please choose Airtel Money or TNM Mpamba");
    const bad = await pay(token, { phone_number: "12ab" });
    const html = await bad.text();
    expect(textOf(mainHtml(html))).toContain("Please enter a Malawi mobile money number");
    // One mistake, one message: no wallet is asked for a number that cannot be one.
    expect(textOf(mainHtml(html))).not.toContain("Please choose Airtel Money or TNM Mpamba");
    expect(html).toContain('value="12ab"');
    // A number from abroad is no Airtel Money or TNM Mpamba wallet, whichever is chosen.
    const foreign = await pay(token, { phone_number: "+44 7700 900123", operator: "airtel" });
    expect(foreign.status).toBe(400);
    expect(textOf(mainHtml(await foreign.text()))).toContain("Please enter a Malawi mobile money number, for example 0991 234 567");
    // A Malawi number a digit short would send the prompt to nobody's wallet.
    const short = await pay(token, { phone_number: "0999 12 34 5", operator: "airtel" });
    expect(short.status).toBe(400);
    expect(textOf(mainHtml(await short.text()))).toContain("Please enter a Malawi mobile money number, for example 0991 234 567");
    expect(await latestPayment()).toBeNull();
    expect((await pay(token, { phone_number: "0771 234 567", operator: "tnm" })).status).toBe(303);
    expect(await latestPayment()).toMatchObject({ operator: "tnm" });
  });

  it("lets a declined payment be tried again", async () => {
    const token = await registerFor(1, "0888 123 456");
    await pay(token, { phone_number: "0888 123 456" });
    const first = (await latestPayment())!;
    expect(first.operator).toBe("tnm");
    await decide(String(first.reference), "decline");
    expect((await latestPayment())!.status).toBe("failed");
    const text = await pageText(token);
    expect(text).toContain("The last payment did not go through. You can try again.");
    expect(text).toContain("Pay MK 15,000");
    expect((await pay(token, { phone_number: "0888 123 456" })).status).toBe(303);
    expect((await latestPayment())!.id).not.toBe(first.id);
  });

  it("a request the phone never answers runs out with its prompt: the page says so, the old prompt can no longer be approved, and trying again pays once", async () => {
    const token = await registerFor(1);
    await pay(token);
    const first = (await latestPayment())!;
    // Three minutes later (the phone's prompt lasts two), with nothing pressed on the phone.
    const threeMinutesAgo = new Date(Date.now() - 3 * 60_000).toISOString();
    await runSql([
      `UPDATE payments SET created_at = '${threeMinutesAgo}' WHERE id = ${first.id}`,
      `UPDATE payment_simulator_charges SET created_at = '${threeMinutesAgo}' WHERE charge_id = '${first.reference}'`,
    ]);
    const text = await pageText(token);
    expect(text).toContain("The last payment did not go through. You can try again.");
    expect((await latestPayment())!.status).toBe("failed");
    // The old prompt is gone: approving it now takes nothing.
    await decide(String(first.reference), "approve");
    const simulator = await (await request(`/api/payments/simulator/${first.reference}`)).text();
    expect(simulator).toContain("This payment request expired: nobody approved it within 2 minutes");
    expect(await paymentStatusOf(token)).toBe("unpaid");
    // Trying again starts a new charge, and approving it pays the fee once.
    expect((await pay(token)).status).toBe(303);
    const second = (await latestPayment())!;
    expect(second.id).not.toBe(first.id);
    await decide(String(second.reference), "approve");
    expect(await paymentStatusOf(token)).toBe("paid-online");
    const paid = await env.DB.prepare("SELECT count(*) AS n, sum(amount) AS total FROM payments WHERE status = 'paid'").first<{ n: number; total: number }>();
    expect(paid).toEqual({ n: 1, total: 15000 });
  });

  it("a request still under way at the provider after the prompt's time says it got no answer, not that it failed", async () => {
    const token = await registerFor(1);
    await pay(token);
    const first = (await latestPayment())!;
    // The provider still calls it pending (its verify answers so) though the prompt's time has passed.
    await runSql([`UPDATE payments SET created_at = '${new Date(Date.now() - 3 * 60_000).toISOString()}' WHERE id = ${first.id}`]);
    const text = await pageText(token);
    expect(text).toContain("The last payment request got no answer from your phone in time. If your phone did not ask for your PIN, you can try again.");
    expect(text).not.toContain("did not go through");
    expect(text).toContain("Pay MK 15,000");
  });

  it("never counts the return to the page as paid: only the provider's verify call does", async () => {
    const token = await registerFor(1);
    await pay(token);
    // The page is loaded again and again while the phone has not approved: still pending.
    for (let i = 0; i < 3; i++) expect(await pageText(token)).toContain("Approve the payment on your phone");
    expect((await latestPayment())!.status).toBe("pending");
    expect(await paymentStatusOf(token)).toBe("unpaid");
  });
});

describe("paying from the private page, many times from one connection", () => {
  it("prompts at most 30 phones in 10 minutes from one address, counted with /give's gifts, then says to wait, keeping what was typed", async () => {
    const phoneOf = (i: number) => `0991 55${String(i).padStart(2, "0")} 10`;
    const tokens = await Promise.all(Array.from({ length: 29 }, (_, i) => registerFor(1, phoneOf(i), `Registrant ${i}`)));
    const payFrom = (token: string, ip: string, phone: string) => postForm(`/registrations/${token}`, { intent: "pay", phone_number: phone }, { ip });
    // One gift from the same connection, then 29 fees at once (each from its own phone): the 30th prompt is the last.
    const gift = await postForm("/give", { amount: "5000", fund: "General Fund", phone_number: "0991 222 333", donor_name: "", email: "" }, { ip: "198.51.100.250" });
    expect(gift.status).toBe(303);
    const answers = await Promise.all(tokens.map((token, i) => payFrom(token, "198.51.100.250", phoneOf(i))));
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(29);
    const refused = await payFrom(await registerFor(1, "0991 555 199", "Registrant Thirty"), "198.51.100.250", "0991 555 199");
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(textOf(mainHtml(html))).toContain("Too many payments have been started from your internet connection. Please wait 10 minutes and try again.");
    expect(html).toContain('value="0991 555 199"');
    expect((await env.DB.prepare("SELECT count(*) AS n FROM payments").first<{ n: number }>())!.n).toBe(30);
    // Another connection is not held back.
    expect((await payFrom(await registerFor(1, "0991 555 198", "Registrant Eleven"), "198.51.100.251", "0991 555 198")).status).toBe(303);
  });

  it("asks one phone to approve at most 5 payments in 10 minutes, whatever the connection, then says so; posts that prompt nobody do not count", async () => {
    // A stranger's posts with the phone and made-up links prompt nobody, and use up nothing.
    for (let i = 0; i < 6; i++) {
      const made = await postForm(`/registrations/${"A".repeat(21)}${i}`, { intent: "pay", phone_number: "0888 700 100" }, { ip: `198.51.100.${60 + i}` });
      expect(made.status).not.toBe(303);
    }
    const tokens = await Promise.all(Array.from({ length: 7 }, (_, i) => registerFor(1, `0991 556 0${i}0`, `Leader Paying ${i}`)));
    const payWith = (token: string, i: number) => postForm(`/registrations/${token}`, { intent: "pay", phone_number: "0888 700 100" }, { ip: `198.51.100.${20 + i}` });
    const answers = [];
    for (const [i, token] of tokens.slice(0, 4).entries()) answers.push(await payWith(token, i));
    // The last of the five asked for by three at once: one gets it.
    answers.push(...(await Promise.all(tokens.slice(4).map((token, i) => payWith(token, 4 + i)))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 303, 303, 303, 303, 429, 429]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE phone_number = '+265888700100'").first<{ n: number }>())!.n).toBe(5);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(textOf(mainHtml(await refused.text()))).toContain("This phone was asked 5 times in the last 10 minutes to approve a payment, and has not approved them. Please wait 10 minutes and try again.");
  });

  /** Every charge so far made `minutes` older (as the app's clock reads now). */
  const agePayments = (minutes: number) => runSql([`UPDATE payments SET created_at = '${new Date(Date.now() - minutes * 60_000).toISOString()}'`]);

  it("asks one phone at most 10 times in 24 hours without its approval, so a stranger cannot prompt it all day 5 at a time", async () => {
    const tokens = await Promise.all(Array.from({ length: 11 }, (_, i) => registerFor(1, `0991 558 0${String(i).padStart(2, "0")}`, `Stranger Asked ${i}`)));
    const payWith = (token: string, i: number) => postForm(`/registrations/${token}`, { intent: "pay", phone_number: "0888 700 400" }, { ip: `198.51.100.${120 + i}` });
    for (const [i, token] of tokens.slice(0, 10).entries()) {
      // Five every 10 minutes: the earlier ones are made older than the 10 minutes, not older than a day.
      if (i === 5) await agePayments(11);
      expect((await payWith(token, i)).status).toBe(303);
    }
    await agePayments(11);
    const eleventh = await payWith(tokens[10]!, 10);
    expect(eleventh.status).toBe(429);
    expect(textOf(mainHtml(await eleventh.text()))).toContain("This phone was asked 10 times in the last 24 hours to approve a payment, and has not approved them. Please try again tomorrow.");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE phone_number = '+265888700400'").first<{ n: number }>())!.n).toBe(10);
    // A day later the phone may be asked again.
    await agePayments(25 * 60);
    expect((await payWith(tokens[10]!, 11)).status).toBe(303);
  });

  it("a phone that approves each payment is not held back: a leader pays seven fees in a row from his phone", async () => {
    const tokens = await Promise.all(Array.from({ length: 7 }, (_, i) => registerFor(1, `0991 557 0${i}0`, `Group Man ${i}`)));
    for (const [i, token] of tokens.entries()) {
      expect((await postForm(`/registrations/${token}`, { intent: "pay", phone_number: "0888 700 300" }, { ip: `198.51.100.${90 + i}` })).status).toBe(303);
      const payment = (await latestPayment())!;
      expect((await decide(String(payment.reference), "approve")).status).toBeLessThan(400);
    }
    const paid = await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE phone_number = '+265888700300' AND status = 'paid'").first<{ n: number }>();
    expect(paid!.n).toBe(7);
    expect(await Promise.all(tokens.map(paymentStatusOf))).toEqual(Array(7).fill("paid-online"));
  });

  it("counts gifts apart from fees: five gifts made with a man's number (anyone can type it) do not stop him paying his own fee; a sixth gift is held back", async () => {
    const give = (i: number) => postForm("/give", { amount: String(5000 + i), fund: "General Fund", phone_number: "0888 700 200", donor_name: "", email: "" }, { ip: `198.51.100.${70 + i}` });
    for (let i = 0; i < 5; i++) expect((await give(i)).status).toBe(303);
    const sixth = await give(5);
    expect(sixth.status).toBe(429);
    expect(textOf(mainHtml(await sixth.text()))).toContain("This phone was asked 5 times in the last 10 minutes to approve a payment, and has not approved them.");
    const token = await registerFor(1, "0888 700 200", "Owner Of The Number");
    expect((await postForm(`/registrations/${token}`, { intent: "pay", phone_number: "0888 700 200" }, { ip: "198.51.100.80" })).status).toBe(303);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE phone_number = '+265888700200' AND registration_id IS NOT NULL").first<{ n: number }>())!.n).toBe(1);
  });
});

describe("the webhook", () => {
  it("refuses a bad or missing signature with 401 and changes nothing", async () => {
    const token = await registerFor(1);
    await pay(token);
    const payment = (await latestPayment())!;
    // The charge is approved on the provider's side, but the webhook that says so is forged.
    await env.DB.prepare("UPDATE payment_simulator_charges SET status = 'success'").run();
    const body = JSON.stringify({ event_type: "api.charge.payment", status: "success", charge_id: payment.reference, amount: 15000, currency: "MWK" });
    expect((await signedWebhook(body, "0".repeat(64))).status).toBe(401);
    expect((await signedWebhook(body, await hmacSha256Hex("another-secret", body))).status).toBe(401);
    expect((await request("/api/payments/webhook", { method: "POST", headers: { "Content-Type": "application/json" }, body })).status).toBe(401);
    expect((await latestPayment())!.status).toBe("pending");
    expect(await paymentStatusOf(token)).toBe("unpaid");
    // A signed webhook whose claims the verify call does not back (the charge still pending) records nothing either.
    await env.DB.prepare("UPDATE payment_simulator_charges SET status = 'pending'").run();
    const lying = JSON.stringify({ status: "success", charge_id: payment.reference, amount: 15000, currency: "MWK" });
    expect((await signedWebhook(lying)).status).toBe(200);
    expect((await latestPayment())!.status).toBe("pending");
  });

  it("records one payment when 50 identical webhooks arrive at once", async () => {
    const token = await registerFor(1);
    await pay(token);
    const payment = (await latestPayment())!;
    const answers = await confirmedAtOnce(payment.reference, 15000, 50);
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const rows = await env.DB.prepare("SELECT status, amount_received, flagged, refund_due FROM payments").all();
    expect(rows.results).toEqual([{ status: "paid", amount_received: 15000, flagged: 0, refund_due: 0 }]);
    const logged = await env.DB.prepare("SELECT count(*) AS n FROM activity_log WHERE target LIKE ?").bind(`payment ${payment.reference} %`).first<{ n: number }>();
    expect(logged!.n).toBe(1);
    expect(await paymentStatusOf(token)).toBe("paid-online");
  });

  it("answers 503 while the provider cannot be asked, so the provider sends it again; the webhook it sends then records the payment", async () => {
    const token = await registerFor(1);
    await pay(token);
    const payment = (await latestPayment())!;
    await env.DB.prepare("UPDATE payment_simulator_charges SET status = 'success', completed_at = ?").bind(new Date().toISOString()).run();
    const body = JSON.stringify({ event_type: "api.charge.payment", status: "success", charge_id: payment.reference, amount: 15000, currency: "MWK" });
    const outage = verifyUnreachable();
    const unanswered = await signedWebhook(body);
    expect(unanswered.status).toBe(503);
    expect((await latestPayment())!.status).toBe("pending");
    expect(await paymentStatusOf(token)).toBe("unpaid");
    // The provider sends it again once the line is back.
    outage.mockRestore();
    const resent = await signedWebhook(body);
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ received: true, outcome: "paid" });
    expect(await paymentStatusOf(token)).toBe("paid-online");
    expect(await pageText(token)).toContain("Paid: MK 15,000 by Airtel Money");
  });

  it("answers 200 when the provider did answer, whatever it said: a declined payment is not sent again", async () => {
    const token = await registerFor(1);
    await pay(token);
    const payment = (await latestPayment())!;
    await env.DB.prepare("UPDATE payment_simulator_charges SET status = 'failed', completed_at = ?").bind(new Date().toISOString()).run();
    const answer = await signedWebhook(JSON.stringify({ event_type: "api.charge.payment", status: "failed", charge_id: payment.reference, amount: 15000, currency: "MWK" }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, outcome: "failed" });
    expect((await latestPayment())!.status).toBe("failed");
  });

  describe("with SMS set up", () => {
    withSmsSetUp();

    it("tells the registrant by SMS, once, that the fee is paid, however many webhooks arrive (issue 24)", async () => {
      const token = await registerFor(1);
      await pay(token);
      const payment = (await latestPayment())!;
      await confirmedAtOnce(payment.reference, 15000, 10);
      const sms = await env.DB.prepare("SELECT recipient, channel FROM email_outbox WHERE kind = 'registration-fee-paid'").all();
      expect(sms.results).toEqual([{ recipient: "+265991555010", channel: "sms" }]);
      // Sent after the webhook's answer, not left for the next outbox cron.
      await waitForOutbox((rows) => rows.length === 1 && rows[0]!.status === "sent", "kind = 'registration-fee-paid'");
      const paid = smsSimulator.sent.filter((message) => message.to === "+265991555010" && message.body.includes("Payment received"));
      expect(paid).toHaveLength(1);
      // His receipt: what he paid (its reference too, where the event's name leaves room: here it does not).
      expect(paid[0]!.body).toMatch(/^BaptistMen: Payment received for Men's Conference\. MK 15,000 paid\. Code [A-Z0-9]{6}\. /);
    });

    it("tells the phone that paid another man's fee (his group's leader, say) too, once, naming the man", async () => {
      const token = await registerFor(1);
      await pay(token, { phone_number: "0888 555 020" });
      const payment = (await latestPayment())!;
      await confirmedAtOnce(payment.reference, 15000, 10);
      const sms = await env.DB.prepare("SELECT recipient FROM email_outbox WHERE kind = 'registration-fee-paid' ORDER BY id").all();
      expect(sms.results).toEqual([{ recipient: "+265991555010" }, { recipient: "+265888555020" }]);
      await waitForOutbox((rows) => rows.length === 2 && rows.every((row) => row.status === "sent"), "kind = 'registration-fee-paid'");
      const payer = smsSimulator.sent.filter((message) => message.to === "+265888555020");
      expect(payer).toHaveLength(1);
      // The man's name first (the amount gives way to it in one segment).
      expect(payer[0]!.body).toMatch(/^BaptistMen: Payment received for Kondwani Phiri, Men's Conference\. /);
    });

    it("sends a giver without e-mail his receipt by SMS to the phone that approved the gift, once, however many confirmations arrive", async () => {
      const given = await postForm("/give", { amount: "12500", fund: "Missions and Evangelism", phone_number: "0991 555 777", donor_name: "", email: "" });
      expect(given.status).toBe(303);
      const payment = (await latestPayment())!;
      await confirmedAtOnce(payment.reference, 12500, 10);
      const rows = await env.DB.prepare("SELECT recipient, channel FROM email_outbox WHERE kind = 'gift-receipt'").all();
      expect(rows.results).toEqual([{ recipient: "+265991555777", channel: "sms" }]);
      await waitForOutbox((outbox) => outbox.length === 1 && outbox[0]!.status === "sent", "kind = 'gift-receipt'");
      const receipt = (await env.DB.prepare("SELECT g.receipt_number FROM gifts g").first<{ receipt_number: string }>())!.receipt_number;
      const texts = smsSimulator.sent.filter((message) => message.to === "+265991555777");
      expect(texts.map((message) => message.body)).toEqual([`BaptistMen: Thank you for your gift of MK 12,500 to Missions and Evangelism. Receipt ${receipt}. Ref ${payment.reference}.`]);
      // A fund's name too long for one SMS is left out; the amount, receipt and reference never are.
      expect(giftReceiptSms("BaptistMen", { amount: 5_000_000, fund: "Building Fund ".repeat(10), receipt_number: "G-ABCDEFGH", reference: "BMM-ABCDEFGHJK" })).toBe(
        "BaptistMen: Thank you for your gift of MK 5,000,000. Receipt G-ABCDEFGH. Ref BMM-ABCDEFGHJK.",
      );
    });

    it("tells a man who approved the payment after cancelling that the money came in and, as his page does, to contact the organisers for a refund (no promise staff may not keep)", async () => {
      const token = await registerFor(1);
      await pay(token);
      expect((await postForm(`/registrations/${token}`, {})).status).toBe(303);
      // Approved on his phone after all: the provider's webhook says so.
      const payment = (await latestPayment())!;
      expect((await confirmedAtOnce(payment.reference, 15000, 1)).map((answer) => answer.status)).toEqual([200]);
      await waitForOutbox((rows) => rows.length === 1 && rows[0]!.status === "sent", "kind = 'registration-fee-paid'");
      const told = smsSimulator.sent.filter((message) => message.to === "+265991555010" && message.body.includes("came after cancelling"));
      expect(told).toHaveLength(1);
      expect(told[0]!.body).toMatch(/^\S+: Payment for Men's Conference came after cancelling\. To ask for a refund, contact the organisers: \S+\/r\/[\w-]{22}$/);
      expect(told[0]!.body.length).toBeLessThanOrEqual(160);
    });

    it("a payment received before he cancelled says so, though its SMS (held for the morning) goes after the cancelling", async () => {
      const token = await registerFor(1);
      const { id } = (await env.DB.prepare("SELECT id FROM event_registrations WHERE token = ?").bind(token).first<{ id: number }>())!;
      // Paid at 21:00 (its SMS held for 07:00), and he cancelled at 22:00.
      await runSql([
        `UPDATE event_registrations SET status = 'cancelled', cancelled_at = '2031-03-04T20:00:00.000Z' WHERE id = ${id}`,
        `INSERT INTO payments (reference, kind, status, registration_id, amount, paid_at) VALUES ('BMM-BEFORECANCEL', 'online', 'paid', ${id}, 15000, '2031-03-04T19:00:00.000Z')`,
        `INSERT INTO email_outbox (kind, recipient, about_id, channel, next_attempt_at) VALUES ('registration-fee-paid', '+265991555010', ${id}, 'sms', '2031-03-05T05:00:00.000Z')`,
      ]);
      const sender = { origin: "https://baptistmen.mw", name: "Baptist Men", addressLines: [], eventsEmail: "events@baptistmen.mw", contactEmail: "president@baptistmen.mw", smsName: "BaptistMen" };
      const rows = (await env.DB.prepare("SELECT * FROM email_outbox WHERE kind = 'registration-fee-paid'").all<OutboxRow>()).results;
      const text = async () => ((await renderRegistrationSms(rows, sender)).get(rows[0]!.id) as { text: string }).text;
      expect(await text()).toMatch(/^BaptistMen: Payment received for Men's Conference/);
      // Had the money come after the cancelling, it would say so.
      await runSql(["UPDATE payments SET paid_at = '2031-03-04T20:30:00.000Z' WHERE reference = 'BMM-BEFORECANCEL'"]);
      expect(await text()).toMatch(/^BaptistMen: Payment for Men's Conference came after cancelling\./);
    });
  });

  it("records and flags a verified amount that differs from the fee, leaving the fee unpaid", async () => {
    const token = await registerFor(1);
    await pay(token);
    const payment = (await latestPayment())!;
    await env.DB.prepare("UPDATE payment_simulator_charges SET amount = 1500").run();
    await decide(String(payment.reference), "approve");
    expect(await latestPayment()).toMatchObject({ status: "paid", amount_received: 1500, flagged: 1, flag_reason: "Paid MK 1,500, owed MK 15,000" });
    expect(await paymentStatusOf(token)).toBe("unpaid");
    const log = await env.DB.prepare("SELECT action, summary FROM activity_log WHERE target LIKE ?").bind(`payment ${payment.reference} %`).first();
    expect(log).toEqual({ action: "Payment received (flagged)", summary: "MK 1,500 by Airtel Money; Paid MK 1,500, owed MK 15,000" });
  });

  it("tells a man whose payment did not match the fee what arrived and that the office will sort it out; Pay starts no new charge and says the same, not 'try again in 2 minutes'", async () => {
    const token = await registerFor(1);
    await pay(token);
    const payment = (await latestPayment())!;
    await env.DB.prepare("UPDATE payment_simulator_charges SET amount = 1500").run();
    await decide(String(payment.reference), "approve");
    const text = await pageText(token);
    expect(text).toContain(`A payment of MK 1,500 arrived (reference ${payment.reference}), but it does not match the fee of MK 15,000. The office will sort it out with you, and your place is kept until then. Please do not pay again.`);
    expect(text).not.toContain("Pay MK 15,000");
    // A pay post anyway (a page opened before): refused, the page saying what arrived, and no phone is asked.
    const again = await pay(token);
    expect(again.status).toBe(409);
    const refused = textOf(mainHtml(await again.text()));
    expect(refused).toContain(`A payment of MK 1,500 arrived (reference ${payment.reference}), but it does not match the fee of MK 15,000.`);
    expect(refused).not.toContain("try again in 2 minutes");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM payments").first<{ n: number }>())!.n).toBe(1);
  });

  it("records a second payment for a paid registration and flags it for a refund", async () => {
    const token = await registerFor(1);
    await pay(token);
    const first = (await latestPayment())!;
    // A second charge was started before the first was paid (two phones, two tabs).
    const registrationId = (await env.DB.prepare("SELECT id FROM event_registrations WHERE token = ?").bind(token).first<{ id: number }>())!.id;
    await runSql([
      `INSERT INTO payments (reference, kind, status, registration_id, event_id, amount, provider, operator, phone_number) VALUES ('BMM-SECOND0001', 'online', 'pending', ${registrationId}, 1, 15000, 'simulator', 'airtel', '+265991555010')`,
      `INSERT INTO payment_simulator_charges (charge_id, amount, mobile, operator_ref_id, ref_id) VALUES ('BMM-SECOND0001', 15000, '0991555010', 'x', '123')`,
    ]);
    await decide(String(first.reference), "approve");
    await decide("BMM-SECOND0001", "approve");
    const second = await env.DB.prepare("SELECT status, refund_due, amount_received FROM payments WHERE reference = 'BMM-SECOND0001'").first();
    expect(second).toEqual({ status: "paid", refund_due: 1, amount_received: 15000 });
    expect(await paymentStatusOf(token)).toBe("paid-online");
    const log = await env.DB.prepare("SELECT action FROM activity_log WHERE target LIKE 'payment BMM-SECOND0001 %'").first();
    expect(log).toEqual({ action: "Payment received twice (refund due)" });
  });
});

describe("the simulator", () => {
  it("shows a checkout page with Approve and Decline for a charge under way", async () => {
    const token = await registerFor(1);
    await pay(token);
    const payment = (await latestPayment())!;
    const page = await request(`/api/payments/simulator/${payment.reference}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Pay MK 15,000");
    expect(html).toContain(">Approve<");
    expect(html).toContain(">Decline<");
  });

  it("is not served on an address other than this machine's", async () => {
    const response = await exportsFetch("https://baptistmen.mw/api/payments/simulator/BMM-X");
    expect(response.status).toBe(404);
  });
});

async function exportsFetch(url: string) {
  const { exports } = await import("cloudflare:workers");
  return exports.default.fetch(new Request(url));
}
