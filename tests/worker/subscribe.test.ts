import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SUBSCRIBE_MESSAGES } from "~/features/messaging/subscribe-form";
import { postForm, request, toastOf as decodeToast } from "./helpers";
import { textOf } from "./public-helpers";

async function subscribers() {
  const { results } = await env.DB.prepare("SELECT email FROM newsletter_subscribers ORDER BY id").all<{ email: string }>();
  return results.map((r) => r.email);
}


describe("footer subscribe form", () => {
  it("stores a valid address once, lower-cased, and confirms each time", async () => {
    for (const email of ["Reader@Example.MW", "reader@example.mw "]) {
      const response = await postForm("/subscribe", { email }, { headers: { Referer: "http://localhost/blog" } });
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/blog");
      expect(await decodeToast(response)).toMatchObject({ description: SUBSCRIBE_MESSAGES.success });
    }
    expect(await subscribers()).toEqual(["reader@example.mw"]);
  });

  it("refuses an invalid address with a clear message by the field, keeping what was typed, and stores nothing", async () => {
    const response = await postForm("/subscribe", { email: "chifundo@gmail" });
    expect(response.status).toBe(400);
    const html = await response.text();
    const form = html.slice(html.indexOf('id="subscribe"'));
    expect(form).toMatch(/<input[^>]*value="chifundo@gmail"[^>]*>/);
    expect(form).toMatch(/<input[^>]*aria-invalid="true"[^>]*>/);
    expect(textOf(form)).toContain("Please enter a valid email address");
    // One subscribe form on the page: the footer leaves it to the page.
    expect(html.match(/placeholder="Your email address"/g)).toHaveLength(1);
    // The page ships no script: it works as the footer's form does, without JavaScript.
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(await subscribers()).toEqual([]);
  });

  it("answers a scripted submission with data instead of a redirect", async () => {
    const ok = await postForm("/subscribe.data", { email: "js@example.mw" });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(SUBSCRIBE_MESSAGES.success);
    const bad = await postForm("/subscribe.data", { email: "" });
    expect(bad.status).toBe(400);
    expect(await subscribers()).toEqual(["js@example.mw"]);
  });

  it("pretends to accept a bot that fills the honeypot, and stores nothing", async () => {
    const response = await postForm("/subscribe", { email: "bot@spam.example", website: "http://spam.example" });
    expect(response.status).toBe(303);
    expect(await decodeToast(response)).toMatchObject({ description: SUBSCRIBE_MESSAGES.success });
    expect(await subscribers()).toEqual([]);
  });

  it("limits how often one address can subscribe", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await postForm("/subscribe.data", { email: `p${i}@example.mw` }, { ip: "198.51.100.9" })).status).toBe(200);
    }
    const limited = await postForm("/subscribe.data", { email: "p10@example.mw" }, { ip: "198.51.100.9" });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain(SUBSCRIBE_MESSAGES.rateLimited);
    expect((await postForm("/subscribe.data", { email: "other@example.mw" }, { ip: "198.51.100.10" })).status).toBe(200);
  });

  it("refuses bodies that are not forms or are too large, without a server error", async () => {
    const json = await request("/subscribe", { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"email":"a@b.mw"}' });
    expect(json.status).toBe(415);
    const huge = await postForm("/subscribe", { email: `${"a".repeat(70_000)}@example.mw` });
    expect(huge.status).toBe(413);
    expect(await subscribers()).toEqual([]);
  });

  it("shows a plain visit to /subscribe the form, once", async () => {
    const response = await request("/subscribe");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textOf(html)).toContain("Stay Connected");
    expect(html.match(/placeholder="Your email address"/g)).toHaveLength(1);
    expect(html).toMatch(/<form[^>]*action="\/subscribe#subscribe"/);
  });
});
