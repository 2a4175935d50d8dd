// A registration's private page, /registrations/{token}: the proof a person keeps. Private (never
// cached, indexed or leaking a referrer), showing only their own registration, with one way to
// cancel that works without JavaScript; an unknown token gets the 404 page.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { WAITING_LIST_TEXT } from "~/features/events/waiting-list-notice";
import { REGISTRATION_MESSAGES } from "~/features/events/registration-form";
import { countD1Calls, postForm, request, runSql, seedDemo, toastOf } from "./helpers";
import { mainHtml, textOf } from "./public-helpers";


async function registerFor(eventId: number, name = "Kondwani Phiri", phone = "0991 555 010") {
  const response = await postForm("/api/registrations", { event_id: String(eventId), full_name: name, phone_number: phone, email: "" }, { ip: "198.51.100.7" });
  const answer = await response.json<RegistrationAnswer>();
  const token = answer.registration!.privateUrl.split("/registrations/")[1]!;
  return { answer, token };
}

beforeEach(async () => {
  await seedDemo();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the private page", () => {
  it("shows the status, the code, when and where, the calendar, 'Send to my WhatsApp' and the link itself", async () => {
    const { answer, token } = await registerFor(2);
    const response = await request(`/registrations/${token}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(mainHtml(html));
    const view = answer.registration!;
    for (const part of ["Your registration", "Kondwani Phiri", REGISTRATION_MESSAGES.complete.title, "Your place is confirmed.", view.code, view.whenText!, "Senga Bay, Salima", "Add to calendar", "Send to my WhatsApp"]) {
      expect(text, part).toContain(part);
    }
    expect(html).toContain(`href="http://localhost/registrations/${token}"`);
    expect(html).toContain('href="http://localhost/events/2/calendar.ics"');
    expect(html).toContain(`href="${view.whatsappHref.replaceAll("&", "&amp;").replaceAll("'", "&#x27;")}"`);
    // The code is one unbroken word.
    expect(html).toMatch(new RegExp(`>${view.code}</strong>`));
  });

  it("is private: never cached (also not by the edge cache), never indexed, sends no referrer, costs one D1 round trip", async () => {
    const { token } = await registerFor(2);
    const calls = countD1Calls();
    const response = await request(`/registrations/${token}`);
    expect(calls()).toBe(1);
    (env as { EDGE_CACHE?: string }).EDGE_CACHE = "on";
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    // A second visit is rendered afresh: after a cancellation it must say so at once.
    await postForm(`/registrations/${token}`, {});
    const again = await request(`/registrations/${token}`);
    expect(again.headers.get("X-Edge-Cache")).not.toBe("HIT");
    expect(textOf(mainHtml(await again.text()))).toContain("This registration is cancelled.");
    (env as { EDGE_CACHE?: string }).EDGE_CACHE = "off";
    // Not in the sitemap, and robots are told to stay out.
    expect(await (await request("/sitemap.xml")).text()).not.toContain("/registrations/");
    expect(await (await request("/robots.txt")).text()).toContain("Disallow: /registrations/");
  });

  it("shows no other registrant's data", async () => {
    const { token } = await registerFor(1, "Our Man", "0881 000 001");
    const text = textOf(mainHtml(await (await request(`/registrations/${token}`)).text()));
    for (const other of ["Wongani Chimwaza", "Mayeso Kachingwe", "Chisomo Tembo", "Yamikani Gondwe", "+265"]) expect(text).not.toContain(other);
    // Event 1 is full: the page tells its own place on the waiting list, once (its heading).
    expect(text.match(/You are number 2 on the waiting list/g)).toHaveLength(1);
  });

  it("heads a place on the waiting list for what it is: the number and what happens next, not 'Registration Complete'", async () => {
    // Event 1 is full (3 places, one already waiting): this registration is number 2 on the list.
    const { token } = await registerFor(1, "Waiting Man", "0881 000 002");
    const html = mainHtml(await (await request(`/registrations/${token}`)).text());
    const text = textOf(html);
    expect(text).toContain(WAITING_LIST_TEXT.heading(2));
    expect(text).toContain(WAITING_LIST_TEXT.explain);
    // This deploy sends no SMS and he gave no e-mail address: nothing but the page will tell him.
    expect(text).toContain(WAITING_LIST_TEXT.next.nothing);
    expect(text).not.toContain(REGISTRATION_MESSAGES.complete.title);
    expect(text).not.toContain(REGISTRATION_MESSAGES.complete.description);
    // The heading comes before the rest of the summary (the code, the event).
    expect(text.indexOf("You are number 2 on the waiting list")).toBeLessThan(text.indexOf("Your code"));
    // He has no place to give away: cancelling takes him off the list, and the page says so.
    expect(text).toContain("If you cancel, you leave the waiting list.");
    expect(text).not.toContain("your place goes to the next person waiting");
    // Once a place frees up and it is confirmed, the page says 'Registration Complete'.
    await runSql(["UPDATE event_registrations SET status = 'confirmed' WHERE full_name = 'Waiting Man'"]);
    const confirmed = textOf(mainHtml(await (await request(`/registrations/${token}`)).text()));
    expect(confirmed).toContain(REGISTRATION_MESSAGES.complete.title);
    expect(confirmed).not.toContain(WAITING_LIST_TEXT.heading(2));
    expect(confirmed).toContain("If you cancel, your place goes to the next person waiting.");
  });

  it("answers an unknown or malformed token with the 404 page, privately, after the same single batch", async () => {
    const { token } = await registerFor(2);
    const known = countD1Calls();
    await request(`/registrations/${token}`);
    const knownCalls = known();
    expect(knownCalls).toBe(1);
    vi.restoreAllMocks();
    for (const bad of [`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, "short", "x".repeat(300), "..%2F..%2Fadmin", "AAAAAAAAAAAAAAAAAAAAAA"]) {
      const calls = countD1Calls();
      const response = await request(`/registrations/${bad}`);
      expect(response.status, bad).toBe(404);
      expect(calls(), bad).toBe(knownCalls);
      vi.restoreAllMocks();
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
      const text = textOf(await response.text());
      expect(text).toContain("Oops! Page not found");
      // A link cut short on its way (SMS, WhatsApp) is the usual cause: how to have it sent again.
      expect(text, bad).toContain("This link does not open a registration. A link sent by SMS or WhatsApp may have been cut short: open it again from the message, or go to your event and use ‘Get my link again’.");
    }
  });
});

describe("cancelling from the private page", () => {
  it("is one form whose only button is 'Cancel my registration', inside 'I can no longer come'", async () => {
    const { token } = await registerFor(2);
    const html = mainHtml(await (await request(`/registrations/${token}`)).text());
    // Its own fold (the page has another: "Correct my name or phone").
    const details = html.split("<details").map((part) => part.slice(0, part.indexOf("</details>"))).find((part) => part.includes("I can no longer come"))!;
    expect(details).toBeDefined();
    const forms = details.match(/<form[\s\S]*?<\/form>/g)!;
    expect(forms).toHaveLength(1);
    expect(forms[0]).toMatch(/method="post"/);
    expect(forms[0]!.match(/<button/g)).toHaveLength(1);
    expect(textOf(forms[0]!)).toBe("Cancel my registration");
    // No hidden token in the form: the link is the credential.
    expect(forms[0]).not.toContain('type="hidden"');
  });

  it("cancels (303 back to the page, with a toast), and a second cancel is harmless", async () => {
    const { token } = await registerFor(2);
    const first = await postForm(`/registrations/${token}`, {});
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe(`/registrations/${token}`);
    expect(await toastOf(first)).toMatchObject({ title: "Registration cancelled" });
    const row = await env.DB.prepare("SELECT status, cancelled_by, cancelled_at FROM event_registrations WHERE token = ?1").bind(token).first();
    expect(row).toMatchObject({ status: "cancelled", cancelled_by: "registrant" });
    const second = await postForm(`/registrations/${token}`, {});
    expect(second.status).toBe(303);
    expect(await toastOf(second)).toMatchObject({ title: "Already cancelled" });
    // Once, in the activity log, done with the private link.
    const log = (await env.DB.prepare("SELECT actor, action FROM activity_log ORDER BY id").all()).results;
    expect(log).toEqual([{ actor: "private link", action: "Cancelled (on his own page)" }]);
    const text = textOf(mainHtml(await (await request(`/registrations/${token}`)).text()));
    expect(text).toContain("This registration is cancelled.");
    expect(text).not.toContain("I can no longer come");
    // The way back: his own registration restored (his code kept), not a second one.
    expect(text).toContain("Restore my registration");
  });

  it("offers neither 'Restore my registration' nor 'Register again' once the event's registration has closed", async () => {
    const { token } = await registerFor(2);
    expect((await postForm(`/registrations/${token}`, {})).status).toBe(303);
    await runSql(["UPDATE churchevents SET registration_enabled = 0 WHERE id = 2"]);
    const text = textOf(mainHtml(await (await request(`/registrations/${token}`)).text()));
    expect(text).toContain("This registration is cancelled.");
    expect(text).not.toContain("Restore my registration");
    expect(text).not.toContain("Register again");
    // Open again: the way back is offered again.
    await runSql(["UPDATE churchevents SET registration_enabled = 1 WHERE id = 2"]);
    expect(textOf(mainHtml(await (await request(`/registrations/${token}`)).text()))).toContain("Restore my registration");
  });

  it("is refused once the event has started, and for an unknown link", async () => {
    const { token } = await registerFor(2);
    await runSql(["UPDATE churchevents SET date = '2020-01-01T08:00:00.000Z' WHERE id = 2"]);
    const text = textOf(mainHtml(await (await request(`/registrations/${token}`)).text()));
    expect(text).not.toContain("I can no longer come");
    const late = await postForm(`/registrations/${token}`, {});
    expect(await toastOf(late)).toMatchObject({ variant: "destructive", description: expect.stringContaining("The event has started") });
    expect((await env.DB.prepare("SELECT status FROM event_registrations WHERE token = ?1").bind(token).first())!.status).toBe("confirmed");
    const unknown = await postForm("/registrations/AAAAAAAAAAAAAAAAAAAAAA", {});
    expect(await toastOf(unknown)).toMatchObject({ variant: "destructive", description: expect.stringContaining("not valid") });
  });

  it("refuses a cancel posted from another site", async () => {
    const { token } = await registerFor(2);
    const response = await postForm(`/registrations/${token}`, {}, { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect((await env.DB.prepare("SELECT status FROM event_registrations WHERE token = ?1").bind(token).first())!.status).toBe("confirmed");
  });
});
