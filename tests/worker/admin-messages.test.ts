// A visitor's message from /contact reaches the admin inbox, where it can be read, marked and deleted.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, postForm, request, signIn, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
});

const message = {
  full_name: "Gift Mbewe",
  email: "gift@example.mw",
  subject: "Starting a men's group",
  message: "Who can visit our church in Mchinji?\nWe meet on Saturdays.",
};

describe("messages inbox", () => {
  it("shows a message sent from the contact page, newest first, marked new", async () => {
    await postForm("/contact", message, { ip: "198.51.100.20" });
    await postForm("/contact", { ...message, subject: "<b>Second</b> <script>alert(1)</script>" }, { ip: "198.51.100.21" });
    const response = await request("/admin/messages", { cookie });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("2 unread of 2.");
    expect(body.indexOf("&lt;b&gt;Second&lt;/b&gt;")).toBeLessThan(body.indexOf("Starting a men&#x27;s group"));
    expect(body).not.toContain("<script>alert(1)</script>");
    expect(body).toContain("Who can visit our church in Mchinji?");
    expect(body).toContain('href="mailto:gift@example.mw"');
    // The badge is read as a word of its own before the subject ("New: Who can…"), not run into it.
    const headings = [...body.matchAll(/<h2[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => textOf(m[1]!));
    expect(headings).toContainEqual(expect.stringMatching(/^New ?: Starting a men's group$/));
  });

  it("offers Call and WhatsApp, not Reply, for a message from a visitor who gave a phone number instead of an e-mail address", async () => {
    await postForm("/contact", { ...message, email: "", phone_number: "0999 87 65 43" }, { ip: "198.51.100.23" });
    const body = (await (await request("/admin/messages", { cookie })).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    expect(body).toContain('href="tel:+265999876543"');
    expect(body).toContain("+265 999 87 65 43");
    expect(body).toMatch(/<a href="tel:\+265999876543"[^>]*>(<svg[\s\S]*?<\/svg>)?\s*(<!-- -->)?Call Gift Mbewe<\/a>/);
    expect(body).toMatch(/<a href="https:\/\/wa\.me\/265999876543"[^>]*>(<svg[\s\S]*?<\/svg>)?\s*(<!-- -->)?WhatsApp Gift Mbewe<\/a>/);
    expect(body).not.toContain("mailto:");
    expect(body).not.toMatch(/>\s*Reply<\/a>/);
  });

  it("marks a message read and unread, and deletes it", async () => {
    await postForm("/contact", message, { ip: "198.51.100.22" });
    const { id } = (await env.DB.prepare("SELECT id FROM contact_messages").first<{ id: number }>())!;
    const read = await postForm("/admin/messages", { intent: "mark-read", id: String(id) }, { cookie });
    expect(await toastOf(read)).toMatchObject({ title: "Marked as read" });
    expect(await (await request("/admin/messages", { cookie })).text()).toContain("0 unread of 1.");
    await postForm("/admin/messages", { intent: "mark-unread", id: String(id) }, { cookie });
    expect(await (await request("/admin/messages", { cookie })).text()).toContain("1 unread of 1.");
    const deleted = await postForm("/admin/messages", { intent: "delete", id: String(id) }, { cookie });
    expect(await toastOf(deleted)).toMatchObject({ title: "Message deleted" });
    expect(await (await request("/admin/messages", { cookie })).text()).toContain("No messages yet.");
  });

  it("asks before deleting, in a dialog that works without JavaScript; opening it deletes nothing", async () => {
    await postForm("/contact", message, { ip: "198.51.100.23" });
    const { id } = (await env.DB.prepare("SELECT id FROM contact_messages").first<{ id: number }>())!;
    const inbox = await (await request("/admin/messages", { cookie })).text();
    // Delete is a link to the dialog, not a button that deletes at once.
    expect(inbox).toMatch(new RegExp(`<a(?=[^>]*href="/admin/messages\\?delete=${id}")(?=[^>]*aria-label="Delete the message from Gift Mbewe")`));
    expect(inbox).not.toMatch(/<button(?=[^>]*value="delete")(?=[^>]*aria-label="Delete the message from Gift Mbewe")/);
    expect(inbox).not.toMatch(/<dialog[^>]*open=""/);

    const asked = await request(`/admin/messages?delete=${id}`, { cookie });
    expect(asked.status).toBe(200);
    const dialog = await asked.text();
    expect(dialog).toMatch(/<dialog[^>]*open=""/);
    expect(dialog).toContain("Delete message?");
    expect(dialog).toContain("The message from Gift Mbewe (&quot;Starting a men&#x27;s group&quot;) will be removed from the inbox. This cannot be undone.");
    expect(dialog).toMatch(/<a[^>]*href="\/admin\/messages"[^>]*>Cancel<\/a>/);
    expect(dialog).toMatch(new RegExp(`<form(?=[^>]*action="/admin/messages")(?=[^>]*method="post")[^>]*><input type="hidden" name="id" value="${id}"/>.*?<button(?=[^>]*name="intent")(?=[^>]*value="delete")[^>]*>Delete</button>`));
    // Opening the dialog (a GET, a link followed or prefetched) never deletes.
    expect(await (await request("/admin/messages", { cookie })).text()).toContain("1 unread of 1.");

    const deleted = await postForm("/admin/messages", { intent: "delete", id: String(id) }, { cookie });
    expect(await toastOf(deleted)).toMatchObject({ title: "Message deleted" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM contact_messages").first("n")).toBe(0);
  });

  it("is for admins only", async () => {
    expect((await request("/admin/messages")).headers.get("Location")).toBe("/auth");
    expect((await postForm("/admin/messages", { intent: "delete", id: "1" })).headers.get("Location")).toBe("/auth");
  });
});
