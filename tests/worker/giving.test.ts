// Giving (issue 23): /give with its preset amounts, funds from the settings' "Giving" section, the
// same mobile-money flow through the simulator ending on a thank-you page with a receipt number;
// refused amounts keep what was typed; /admin/giving (Administrators only) with totals by fund and
// month and its logged CSV; the hero and the footer lead to /give; the dashboard's money card.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { renderPaymentsOutbox } from "~/features/payments/index.server";
import type { OutboxRow } from "~/server/email-rules.server";
import { createAdmin, postForm, request, seedReference, signIn } from "./helpers";
import { mainHtml, textOf } from "./public-helpers";

beforeEach(async () => {
  await seedReference();
});

function give(fields: Record<string, string>, ip?: string) {
  return postForm("/give", { amount: "10000", fund: "General Fund", phone_number: "0991 222 333", donor_name: "Chisomo Banda", email: "", ...fields }, { ip });
}

async function latestPayment() {
  return env.DB.prepare("SELECT * FROM payments ORDER BY id DESC LIMIT 1").first<Record<string, unknown>>();
}

/** Gives and approves on the simulator; answers the thank-you page's path. */
async function giveAndApprove(fields: Record<string, string> = {}) {
  const answer = await give(fields);
  expect(answer.status).toBe(303);
  const thanks = answer.headers.get("Location")!;
  const payment = (await latestPayment())!;
  await request(`/api/payments/simulator/${payment.reference}/approve`, { method: "POST" });
  return thanks;
}

describe("/give", () => {
  it("offers MK 5,000 / 10,000 / 20,000, fills the amount from a preset, and lists the funds", async () => {
    const text = textOf(mainHtml(await (await request("/give?amount=5000")).text()));
    for (const part of ["MK 5,000", "MK 10,000", "MK 20,000", "General Fund", "Missions and Evangelism", "Give anonymously", "From MK 500 to MK 5,000,000, in whole kwacha."]) expect(text, part).toContain(part);
    const input = /<input id="give-amount"[^>]*>/.exec(await (await request("/give?amount=5000")).text())?.[0];
    expect(input).toContain('value="5000"');
    // The button says "Give", not an amount: without a script it could not follow what is typed (the field shows it).
    expect(await (await request("/give?amount=5000")).text()).toMatch(/<button type="submit" class="[^"]*">Give<\/button>/);
    expect(text).not.toContain("Give MK");
  });

  it("a preset pressed after typing fills the amount in and keeps the number, name and fund typed, giving nothing yet", async () => {
    const answer = await give({ amount: "750", preset: "20000", fund: "Missions and Evangelism", anonymous: "on" });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(/<input id="give-amount"[^>]*>/.exec(html)?.[0]).toContain('value="20000"');
    expect(html).toContain('value="0991 222 333"');
    expect(html).toContain('value="Chisomo Banda"');
    expect(/<option[^>]*selected[^>]*>Missions and Evangelism</.test(html)).toBe(true);
    expect(/<input(?=[^>]*type="checkbox")(?=[^>]*name="anonymous")[^>]*checked/.test(html)).toBe(true);
    const text = textOf(mainHtml(html));
    expect(text).not.toContain("Give MK");
    expect(text).not.toContain("Please");
    expect(await latestPayment()).toBeNull();
    // Only the offered amounts fill in: anything else is a gift attempt, checked as one.
    expect((await give({ amount: "abc", preset: "1" })).status).toBe(400);
  });

  it("the local payment simulator goes back only to a page of this site", async () => {
    await give({ amount: "2500" });
    const payment = (await latestPayment())!;
    // Browsers read "/\\host" as "//host", another site: the simulator goes to its own page instead.
    // So do "/<tab>/host" and "/<newline>/host": browsers drop the tab and the line break.
    for (const away of ["//evil.example/x", "/\\evil.example/x", "https://evil.example/", "/\t/evil.example/x", "/\n/evil.example/x"]) {
      const answer = await request(`/api/payments/simulator/${payment.reference}/decline?return=${encodeURIComponent(away)}`, { method: "POST" });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(`/api/payments/simulator/${payment.reference}`);
    }
    const home = await request(`/api/payments/simulator/${payment.reference}/decline?return=${encodeURIComponent("/give")}`, { method: "POST" });
    expect(home.headers.get("Location")).toBe("/give");
  });

  it("a gift that did not go through: Try again fills the form in with it (fund, number, e-mail, anonymous), giving nothing yet", async () => {
    const answer = await give({ amount: "2500", fund: "Missions and Evangelism", anonymous: "on", email: "chisomo@example.mw" });
    const thanks = answer.headers.get("Location")!;
    const payment = (await latestPayment())!;
    await request(`/api/payments/simulator/${payment.reference}/decline`, { method: "POST" });
    const failed = await (await request(thanks)).text();
    // Which gift did not go through, so the giver knows what Try again sends.
    expect(textOf(mainHtml(failed))).toContain("Your gift of MK 2,500 to Missions and Evangelism was not taken from your wallet.");
    const again = /<form[^>]*action="\/give"[\s\S]*?<\/form>/.exec(failed)?.[0] ?? "";
    expect(again).toMatch(/<button(?=[^>]*type="submit")(?=[^>]*name="intent")(?=[^>]*value="try-again")[^>]*>Try again<\/button>/);
    const fields = Object.fromEntries([...again.matchAll(/<input(?=[^>]*type="hidden")(?=[^>]*name="([^"]+)")(?=[^>]*value="([^"]*)")[^>]*>/g)].map(([, name, value]) => [name!, value!]));
    // An anonymous gift keeps no name: the form comes back anonymous, its name empty.
    expect(fields).toMatchObject({ amount: "2500", fund: "Missions and Evangelism", phone_number: "+265 991 22 23 33", operator: "airtel", donor_name: "", email: "chisomo@example.mw", anonymous: "on" });

    const form = await postForm("/give", { ...fields, intent: "try-again" });
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(/<input id="give-amount"[^>]*>/.exec(html)?.[0]).toContain('value="2500"');
    expect(/<option[^>]*selected[^>]*>Missions and Evangelism</.test(html)).toBe(true);
    expect(html).toContain('value="+265 991 22 23 33"');
    expect(/<input(?=[^>]*type="checkbox")(?=[^>]*name="anonymous")[^>]*checked/.test(html)).toBe(true);
    expect(textOf(mainHtml(html))).not.toContain("Please");
    expect((await env.DB.prepare("SELECT count(*) AS n FROM payments").first<{ n: number }>())!.n).toBe(1);
  });

  it("Give tapped twice (at once, or again on a slow line) makes one gift and one prompt: both answers lead to its page", async () => {
    const count = async () => env.DB.prepare("SELECT (SELECT count(*) FROM gifts) AS gifts, (SELECT count(*) FROM payments) AS payments").first();
    const [first, second] = await Promise.all([give({ amount: "5551" }), give({ amount: "5551" })]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    const again = await give({ amount: "5551" });
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await count()).toEqual({ gifts: 1, payments: 1 });

    // Another amount is another gift; once the first prompt is declined, the same gift may be given again.
    expect((await give({ amount: "6000" })).headers.get("Location")).not.toBe(first.headers.get("Location"));
    const declined = await env.DB.prepare("SELECT reference FROM payments ORDER BY id LIMIT 1").first<{ reference: string }>();
    await request(`/api/payments/simulator/${declined!.reference}/decline`, { method: "POST" });
    const retried = await give({ amount: "5551" });
    expect(retried.status).toBe(303);
    expect(retried.headers.get("Location")).not.toBe(first.headers.get("Location"));
    expect(await count()).toEqual({ gifts: 3, payments: 3 });
  });

  it("a gift's page goes only to the one who sent it: the same number, amount and fund from another network or under another name is a gift of its own", async () => {
    const first = await give({ amount: "5552", email: "chisomo@example.mw" }, "198.51.100.7");
    const page = first.headers.get("Location")!;
    // Someone else who knows the number, the amount and the fund (and even the name and e-mail), elsewhere.
    const elsewhere = await give({ amount: "5552", email: "chisomo@example.mw" }, "203.0.113.9");
    // Or on the same network without the e-mail the giver typed, or under another name.
    const noEmail = await give({ amount: "5552" }, "198.51.100.7");
    const otherName = await give({ amount: "5552", email: "chisomo@example.mw", donor_name: "Someone Else" }, "198.51.100.7");
    for (const answer of [elsewhere, noEmail, otherName]) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).not.toBe(page);
    }
    expect((await env.DB.prepare("SELECT count(*) AS n FROM gifts").first<{ n: number }>())!.n).toBe(4);
    // The giver's own second tap still finds his page.
    expect((await give({ amount: "5552", email: "chisomo@example.mw" }, "198.51.100.7")).headers.get("Location")).toBe(page);
  });

  it("reads an amount as people write kwacha: 'K5,000', 'MK 5,000', '5000.00' are each MK 5,000", async () => {
    for (const [index, amount] of ["K5,000", "k 5000", "MK 5,000", "5000.00", "K5,000.00"].entries()) {
      const answer = await give({ amount }, `198.51.100.${30 + index}`);
      expect(answer.status, amount).toBe(303);
      expect((await latestPayment())!.amount, amount).toBe(5000);
    }
    // A part of a kwacha is not a whole amount, and is said so (not "at least MK 500").
    const part = await give({ amount: "5000.50" }, "198.51.100.40");
    expect(part.status).toBe(400);
    expect(textOf(mainHtml(await part.text()))).toContain("Please enter whole kwacha, without tambala (for example 2500)");
  });

  it("refuses 'abc', 0, a negative amount, one under MK 500 or over MK 5,000,000 with a message, keeping what was typed", async () => {
    for (const [amount, message] of [
      ["abc", "at least MK 500"],
      ["0", "at least MK 500"],
      ["-500", "at least MK 500"],
      ["499", "at least MK 500"],
      ["5000001", "The most you can give at once is MK 5,000,000"],
      ["9999999999", "The most you can give at once is MK 5,000,000"],
    ] as const) {
      const answer = await give({ amount });
      expect(answer.status, amount).toBe(400);
      const html = await answer.text();
      expect(textOf(mainHtml(html)), amount).toContain(message);
      expect(html).toContain(`value="${amount}"`);
      expect(html).toContain('value="Chisomo Banda"');
      expect(html).toContain('value="0991 222 333"');
      // Said first, in an alert above the form, as a link to the field (nothing moves a reader there without JavaScript).
      const alert = /<div role="alert"[^>]*>(.*?)<\/div>/s.exec(mainHtml(html))?.[1] ?? "";
      expect(textOf(alert), amount).toContain("Nothing was given yet. Please check:");
      expect(alert, amount).toContain('href="#give-amount"');
    }
    expect(await latestPayment()).toBeNull();
  });

  it("says every problem at once: an amount too large and a landline are both named after one send", async () => {
    const answer = await give({ amount: "5000001", phone_number: "01 234 567" });
    expect(answer.status).toBe(400);
    const text = textOf(mainHtml(await answer.text()));
    expect(text).toContain("The most you can give at once is MK 5,000,000");
    expect(text).toContain("Please enter a Malawi mobile money number, for example 0991 234 567");
  });

  it("refuses a number from abroad: Airtel Money and TNM Mpamba wallets are Malawian", async () => {
    const answer = await give({ phone_number: "+44 7700 900123", operator: "airtel" });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(textOf(mainHtml(html))).toContain("Please enter a Malawi mobile money number, for example 0991 234 567");
    expect(html).toContain('value="+44 7700 900123"');
    expect(await latestPayment()).toBeNull();
  });

  it("refuses a Malawi number a digit short, or a landline: the prompt would reach nobody's wallet", async () => {
    for (const typed of ["0999 12 34 5", "0888 1234", "01 234 567"]) {
      const answer = await give({ phone_number: typed, operator: "airtel" });
      expect(answer.status, typed).toBe(400);
      const html = await answer.text();
      expect(textOf(mainHtml(html))).toContain("Please enter a Malawi mobile money number, for example 0991 234 567");
      expect(html).toContain(`value="${typed}"`);
    }
    expect(await latestPayment()).toBeNull();
  });

  it("starts at most 30 gifts in 10 minutes from one address (each prompts a phone), then says to wait, keeping what was typed", async () => {
    // Thirty-two phones prompted from one connection (one phone's same gift twice would be one gift).
    const from = (ip: string, phone = 0) => postForm("/give", { amount: "5000", fund: "General Fund", phone_number: `0991 222 ${String(300 + phone)}`, donor_name: "Chisomo Banda", email: "" }, { ip });
    const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => from("198.51.100.7", i)));
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(30);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(2);
    const page = await refused[0]!.text();
    expect(textOf(mainHtml(page))).toContain("Too many gifts have been started from your internet connection. Please wait 10 minutes and try again.");
    expect(page).toMatch(/<input[^>]*name="donor_name"[^>]*value="Chisomo Banda"/);
    const started = await env.DB.prepare("SELECT count(*) AS n FROM payments").first<{ n: number }>();
    expect(started!.n).toBe(30);
    // Another connection is not held back.
    expect((await from("198.51.100.8")).status).toBe(303);
  });

  it("thanks the giver with a receipt number once the provider confirms the gift", async () => {
    const answer = await give({ amount: "10,000", email: "chisomo@example.mw" });
    const thanks = answer.headers.get("Location")!;
    expect(thanks).toMatch(/^\/give\/[A-Za-z0-9_-]{22}$/);
    const pending = await request(thanks);
    expect(pending.headers.get("Cache-Control")).toBe("no-store");
    const pendingHtml = await pending.text();
    expect(pendingHtml).toMatch(/<meta http-equiv="refresh" content="5"/);
    expect(textOf(mainHtml(pendingHtml))).toContain("Approve the gift on your phone");
    // Not only the wait: a link that looks again now, as a registration's page has.
    expect(mainHtml(pendingHtml)).toMatch(/<a href=""[^>]*>Check again<\/a>/);
    const payment = (await latestPayment())!;
    expect(payment).toMatchObject({ kind: "online", amount: 10000, operator: "airtel", status: "pending" });
    // Each look costs the giver data: every 5 seconds at first, then every 15, then every minute.
    for (const [secondsAgo, refresh] of [[60, "15"], [5 * 60, "60"]] as const) {
      await env.DB.prepare("UPDATE payments SET created_at = ? WHERE id = ?").bind(new Date(Date.now() - secondsAgo * 1000).toISOString(), payment.id).run();
      expect(await (await request(thanks)).text(), `${secondsAgo} s`).toMatch(new RegExp(`<meta http-equiv="refresh" content="${refresh}"`));
    }
    await request(`/api/payments/simulator/${payment.reference}/approve`, { method: "POST" });
    const text = textOf(mainHtml(await (await request(thanks)).text()));
    expect(text).toContain("Thank you for your gift");
    expect(text).toMatch(/Receipt number G-[A-Z2-9]{8}/);
    expect(text).toContain("MK 10,000 to General Fund");
    // The e-mail receipt: intent in the outbox, once, rendered when sent with the receipt number.
    const outbox = await env.DB.prepare("SELECT * FROM email_outbox WHERE kind = 'gift-receipt'").all<OutboxRow>();
    expect(outbox.results).toHaveLength(1);
    expect(outbox.results[0]).toMatchObject({ recipient: "chisomo@example.mw" });
    const rendered = await renderPaymentsOutbox(outbox.results, { origin: "http://localhost", name: "Baptist Men Malawi", addressLines: ["Lilongwe"], eventsEmail: "events@example.mw", contactEmail: "president@example.mw" });
    const email = rendered.get(outbox.results[0]!.id) as { subject: string; text: string };
    expect(email.subject).toMatch(/^Thank you for your gift: receipt G-[A-Z2-9]{8}$/);
    expect(email.text).toContain("Amount: MK 10,000");
    expect(email.text).toContain("Fund: General Fund");
  });
});

describe("/admin/giving", () => {
  it("shows every gift with totals by fund and month, and exports them as CSV (logged), for Administrators only", async () => {
    await createAdmin();
    const cookie = await signIn();
    await giveAndApprove({ amount: "5000" });
    await giveAndApprove({ amount: "20000", fund: "Missions and Evangelism", anonymous: "on", donor_name: "Hidden Name" });
    const html = await (await request("/admin/giving", { cookie })).text();
    const text = textOf(html);
    expect(text).toContain("General Fund MK 5,000");
    // Found from the admin's menu, and the way from it to turning payments on.
    expect(html).toMatch(/<nav aria-label="Admin"[\s\S]*?<a[^>]*href="\/admin\/giving"[^>]*>Giving<\/a>/);
    expect(text).toContain("Online giving: simulated on this computer, no money moves. Setting up payments");
    expect(html).toContain('href="/admin/payments/setup"');
    expect(text).toContain("Missions and Evangelism MK 20,000");
    expect(text).toMatch(/By month [A-Z][a-z]+ \d{4} MK 25,000/);
    expect(text).toContain("Anonymous");
    expect(text).not.toContain("Hidden Name");
    const csv = await (await request("/api/admin/giving.csv", { cookie })).text();
    expect(csv.split("\r\n")[0]).toBe('"Date","Receipt","Amount (MK)","Fund","Giver","Email","Phone","Paid by","Payment reference"');
    expect(csv).toMatch(/"20000","Missions and Evangelism","Anonymous","",""/);
    expect(csv).toMatch(/"5000","General Fund","Chisomo Banda","","0991 22 23 33","Airtel Money"/);
    expect(await env.DB.prepare("SELECT action FROM activity_log WHERE action = 'Exported gifts (CSV)'").first()).toEqual({ action: "Exported gifts (CSV)" });
    const dashboard = textOf(await (await request("/admin", { cookie })).text());
    expect(dashboard).toContain("Gifts MK 25,000");

    await createAdmin("editor@example.org", "correct-horse-battery", "editor");
    const editor = await signIn("editor@example.org", "correct-horse-battery", "203.0.113.7");
    expect((await request("/api/admin/giving.csv", { cookie: editor })).status).toBe(403);
    expect((await request("/admin/giving", { cookie: editor })).status).toBe(403);
    const editorNav = /<nav aria-label="Admin"[\s\S]*?<\/nav>/.exec(await (await request("/admin", { cookie: editor })).text())?.[0] ?? "";
    expect(editorNav).toContain('href="/admin/pages"');
    expect(editorNav).not.toContain('href="/admin/giving"');
  });

  it("names each month in words, in Malawi time", async () => {
    await createAdmin();
    const cookie = await signIn();
    await giveAndApprove({ amount: "5000" });
    await giveAndApprove({ amount: "20000" });
    // 22:30 UTC on 30 November is half past midnight on 1 December in Malawi.
    await env.DB.prepare("UPDATE payments SET paid_at = CASE amount WHEN 5000 THEN '2026-11-30T22:30:00.000Z' ELSE '2026-11-15T10:00:00.000Z' END").run();
    const text = textOf(mainHtml(await (await request("/admin/giving", { cookie })).text()));
    expect(text).toContain("By month December 2026 MK 5,000 November 2026 MK 20,000");
    expect(text).not.toMatch(/\d{4}-\d{2} MK/);
  });

  it("lists the funds the settings' Giving section holds, one per line", async () => {
    await createAdmin();
    const cookie = await signIn();
    const version = (await env.DB.prepare("SELECT version FROM site_settings WHERE key = 'giving'").first<{ version: number }>())?.version ?? 0;
    const saved = await postForm("/admin/settings", { section: "giving", version: String(version), giving_funds: "Building Fund\n\nWidows and Orphans\n" }, { cookie });
    expect(saved.status).toBeLessThan(400);
    const text = textOf(mainHtml(await (await request("/give")).text()));
    expect(text).toContain("Building Fund");
    expect(text).toContain("Widows and Orphans");
    expect(text).not.toContain("General Fund");
    expect((await give({ fund: "General Fund" })).status).toBe(400);

    // A fund listed twice (whatever its capitals) is refused by the field, keeping what was typed.
    const twice = await postForm("/admin/settings", { section: "giving", version: String(version + 1), giving_funds: "Building Fund\nWidows and Orphans\nbuilding fund" }, { cookie });
    expect(twice.status).toBe(400);
    const page = await twice.text();
    expect(textOf(page)).toContain("“building fund” is listed twice: please list each fund once");
    expect(page).toContain("Widows and Orphans\nbuilding fund");
    expect(textOf(mainHtml(await (await request("/give")).text())).match(/Building Fund/gi)).toHaveLength(1);
  });
});

describe("the way to /give", () => {
  it("is the home page's 'Support Our Mission' and the footer's Give link", async () => {
    const html = await (await request("/")).text();
    expect(html).toMatch(/href="\/give"[^>]*>\s*Support Our Mission/);
    expect(html).toMatch(/href="\/give"[^>]*>Give</);
  });
});
