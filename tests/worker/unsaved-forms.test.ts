// A form sent after its admin's session ended keeps what was typed (docs/decisions/037-unsaved-forms.md),
// through the real Worker: the guard sends the admin to sign in as before, keeps the text for
// that browser, signing in leads to /admin/account/unsaved, and "Save my changes" sends the same
// fields to the same page, where the form's own rules (the version guard included) apply.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { cookieValue, createAdmin, formVersion, postForm, postMultipart, request, runSql, signIn, TEST_ADMIN, toastOf } from "./helpers";
import { textOf } from "./public-helpers";
import { DAILY_CRON, runScheduledJobs } from "../../workers/scheduled-jobs";

const EVENT_FORM = { intent: "save", name: "Men's Conference", date: "2099-03-05T09:30", location: "Lilongwe", description: "", image_alt: "", active: "on", registration_enabled: "on", capacity: "100", waitlist_enabled: "on" };

/** The admin's device cookie: this browser last signed in as them (a kept form is theirs). */
let device: string;

/** Signs in once to leave the account's device cookie, as every sign-in does. */
async function deviceOf(email: string, password: string) {
  return `device=${cookieValue(await postForm("/auth", { email, password }, { ip: "203.0.113.1" }), "device")}`;
}

beforeEach(async () => {
  await createAdmin();
  device = await deviceOf(TEST_ADMIN.email, TEST_ADMIN.password);
  await runSql(["INSERT INTO churchevents (id, name, date, capacity, location) VALUES (1, 'Men''s Conference', '2099-03-05T07:30:00.000Z', 100, 'Lilongwe')"]);
});

async function eventLocation() {
  return (await env.DB.prepare("SELECT location FROM churchevents WHERE id = 1").first<{ location: string }>())!.location;
}

async function keptRows() {
  return (await env.DB.prepare("SELECT path, fields, had_file FROM unsaved_forms").all<{ path: string; fields: string; had_file: number }>()).results;
}

/** Sends the event form with no session, as a phone left open overnight would: the cookie that keeps it. */
async function sendSignedOut(fields: Record<string, string>, path = "/admin/events/edit/1", ip = "203.0.113.9", from: string | null = device) {
  const response = await postForm(path, fields, { ip, cookie: from });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/auth");
  const id = cookieValue(response, "unsaved-form");
  return id ? `unsaved-form=${id}` : null;
}

/** The hidden fields of the page's "Save my changes" form, and where it posts. */
function savingForm(page: string) {
  const form = /<form [^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(page.slice(page.indexOf('id="unsaved-heading"')));
  expect(form, "the page has a form that sends the changes").not.toBeNull();
  const fields = Object.fromEntries([...form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replaceAll("&#x27;", "'").replaceAll("&amp;", "&")]));
  return { action: form![1]!.replaceAll("&amp;", "&"), fields };
}

describe("a form sent after the session ended", () => {
  it("is not saved, is kept for the browser that sent it, and is saved from the page signing in leads to", async () => {
    const version = await formVersion("churchevents", 1);
    const unsaved = await sendSignedOut({ ...EVENT_FORM, version, location: "Blantyre Civic Centre" });
    expect(unsaved).not.toBeNull();
    expect(await eventLocation()).toBe("Lilongwe");

    // The sign-in page says what happened; signing in leads to the kept form, not the dashboard.
    expect(textOf(await (await request("/auth", { cookie: unsaved })).text())).toContain("You had been signed out, so what you sent was not saved yet");
    expect(textOf(await (await request("/auth")).text())).not.toContain("You had been signed out");
    const signedIn = await postForm("/auth", TEST_ADMIN, { cookie: unsaved, ip: "203.0.113.1" });
    expect(signedIn.headers.get("Location")).toBe("/admin/account/unsaved");
    const session = `session=${cookieValue(signedIn, "session")}; ${unsaved}`;

    const page = await (await request("/admin/account/unsaved", { cookie: session })).text();
    expect(textOf(page)).toContain("Changes to “Men's Conference”");
    expect(textOf(page)).toContain("Blantyre Civic Centre"); // under "Show what you typed"
    // Each field by the words staff know, not its name in the code.
    expect(page).toMatch(/<dt[^>]*>Location<\/dt><dd[^>]*>Blantyre Civic Centre<\/dd>/);
    expect(page).not.toMatch(/<dt[^>]*>[a-z]/);
    const { action, fields } = savingForm(page);
    expect(action).toBe("/admin/events/edit/1");
    expect(fields).toMatchObject({ location: "Blantyre Civic Centre", version, intent: "save" });

    const saved = await postForm(action, fields, { cookie: session });
    expect(saved.status).toBe(302);
    expect((await toastOf(saved))?.title).toBe("Event updated");
    expect(await eventLocation()).toBe("Blantyre Civic Centre");
    // Saved once, forgotten: the cookie is cleared and the page has nothing more to offer.
    expect(saved.headers.getSetCookie().some((c) => c.startsWith("unsaved-form=;") && c.includes("Max-Age=0"))).toBe(true);
    expect(await keptRows()).toEqual([]);
    const again = await request("/admin/account/unsaved", { cookie: session });
    expect(again.status).toBe(200);
    expect(textOf(await again.text())).toContain("Nothing is waiting to be saved.");
  });

  it("still meets the form's version guard: a save someone made meanwhile is not overwritten, and the typing stays on the form", async () => {
    const version = await formVersion("churchevents", 1);
    const unsaved = await sendSignedOut({ ...EVENT_FORM, version, location: "Blantyre Civic Centre" });
    const other = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, "203.0.113.2");
    expect((await postForm("/admin/events/edit/1", { ...EVENT_FORM, version, location: "Zomba" }, { cookie: other })).status).toBe(302);

    const session = `${await signIn()}; ${unsaved}`;
    const { action, fields } = savingForm(await (await request("/admin/account/unsaved", { cookie: session })).text());
    const refused = await postForm(action, fields, { cookie: session });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('value="Blantyre Civic Centre"');
    expect(await eventLocation()).toBe("Zomba");
  });

  it("keeps a script's data request under the page's own path, and says a chosen picture was not kept", async () => {
    const response = await postMultipart(
      "/admin/events/edit/1.data",
      { ...EVENT_FORM, version: await formVersion("churchevents", 1), image: new File([new Uint8Array([1, 2, 3])], "photo.jpg", { type: "image/jpeg" }) },
      { ip: "203.0.113.9", cookie: device },
    );
    const id = cookieValue(response, "unsaved-form");
    expect(id).not.toBeNull();
    expect(await keptRows()).toEqual([expect.objectContaining({ path: "/admin/events/edit/1", had_file: 1 })]);
    const page = await (await request("/admin/account/unsaved", { cookie: `${await signIn()}; unsaved-form=${id}` })).text();
    expect(textOf(page)).toContain("The picture you chose was not kept");
  });

  it("is the sending browser's only, may be discarded, and is gone a day later", async () => {
    const unsaved = await sendSignedOut({ ...EVENT_FORM, location: "Mzuzu" });
    const session = await signIn();
    // Another browser (no cookie) has nothing waiting.
    expect(textOf(await (await request("/admin/account/unsaved", { cookie: session })).text())).toContain("Nothing is waiting to be saved.");

    // Every admin page of its owner leads back to it while it waits (not another browser's, not after it is gone).
    expect(textOf(await (await request("/admin/account", { cookie: `${session}; ${unsaved}` })).text())).toContain("Open your unsaved changes");
    expect(textOf(await (await request("/admin/account", { cookie: session })).text())).not.toContain("Open your unsaved changes");
    const discarded = await postForm("/admin/account/unsaved", { intent: "discard" }, { cookie: `${session}; ${unsaved}` });
    expect(discarded.status).toBe(303);
    expect((await toastOf(discarded))?.title).toBe("Discarded");
    expect(await keptRows()).toEqual([]);
    expect(textOf(await (await request("/admin/account", { cookie: `${session}; ${unsaved}` })).text())).not.toContain("Open your unsaved changes");

    await sendSignedOut({ ...EVENT_FORM, location: "Karonga" });
    const dayLater = Date.now() + 25 * 60 * 60 * 1000;
    await runScheduledJobs({ cron: DAILY_CRON, scheduledTime: dayLater });
    expect(await keptRows()).toEqual([]);
  });

  it("a door volunteer's kept form is theirs to send, and the page it goes to still checks their role", async () => {
    await createAdmin("door@example.org", "door-volunteer-pass", "volunteer");
    const unsaved = await sendSignedOut({ ...EVENT_FORM, location: "Mzuzu" }, undefined, undefined, await deviceOf("door@example.org", "door-volunteer-pass"));
    const signedIn = await postForm("/auth", { email: "door@example.org", password: "door-volunteer-pass" }, { cookie: unsaved, ip: "203.0.113.1" });
    expect(signedIn.headers.get("Location")).toBe("/admin/account/unsaved");
    const session = `session=${cookieValue(signedIn, "session")}; ${unsaved}`;
    const page = await request("/admin/account/unsaved", { cookie: session });
    expect(page.status).toBe(200);
    const { action, fields } = savingForm(await page.text());
    expect((await postForm(action, fields, { cookie: session })).status).toBe(403);
    expect(await eventLocation()).toBe("Lilongwe");
  });

  it("is shown only to the account the browser last signed in as: another account signing in there is not led to it and cannot see or discard it", async () => {
    await createAdmin("editor@example.org", "editor-secret-pass", "editor");
    const unsaved = await sendSignedOut({ ...EVENT_FORM, location: "Nkhotakota" });
    const editor = await postForm("/auth", { email: "editor@example.org", password: "editor-secret-pass" }, { cookie: unsaved, ip: "203.0.113.1" });
    expect(editor.headers.get("Location")).toBe("/admin");
    const editorSession = `session=${cookieValue(editor, "session")}; ${unsaved}`;
    const page = textOf(await (await request("/admin/account/unsaved", { cookie: editorSession })).text());
    expect(page).toContain("Nothing is waiting to be saved.");
    expect(page).not.toContain("Nkhotakota");
    expect(textOf(await (await request("/admin/account", { cookie: editorSession })).text())).not.toContain("Open your unsaved changes");
    await postForm("/admin/account/unsaved", { intent: "discard" }, { cookie: editorSession });
    expect(await keptRows()).toHaveLength(1);

    const owner = await postForm("/auth", TEST_ADMIN, { cookie: unsaved, ip: "203.0.113.1" });
    expect(owner.headers.get("Location")).toBe("/admin/account/unsaved");
    expect(textOf(await (await request("/admin/account/unsaved", { cookie: `session=${cookieValue(owner, "session")}; ${unsaved}` })).text())).toContain("Nkhotakota");
  });

  it("keeps nothing from a browser that never signed in (no device cookie)", async () => {
    expect(await sendSignedOut({ ...EVENT_FORM, location: "Chitipa" }, undefined, undefined, null)).toBeNull();
    expect(await keptRows()).toEqual([]);
  });

  it("never keeps a password: the account pages' forms are not kept, and a password field of any form is left out", async () => {
    expect(await sendSignedOut({ intent: "change-password", current_password: "old-secret-pass", new_password: "new-secret-pass-1", confirm_password: "new-secret-pass-1" }, "/admin/account")).toBeNull();
    expect(await sendSignedOut({ intent: "turn-off", password: "old-secret-pass" }, "/admin/account/two-step")).toBeNull();
    expect(await sendSignedOut({ ...EVENT_FORM, location: "Dedza", current_password: "old-secret-pass" })).not.toBeNull();
    const [kept] = await keptRows();
    expect(kept!.fields).toContain("Dedza");
    expect(kept!.fields).not.toContain("old-secret-pass");
  });

  it("keeps at most 30 forms an hour for one address: nobody signed in writes these rows", async () => {
    for (let i = 0; i < 30; i += 1) expect(await sendSignedOut({ name: `Form ${i}` }, "/admin/events/new", "198.51.100.77")).not.toBeNull();
    expect(await sendSignedOut({ name: "One more" }, "/admin/events/new", "198.51.100.77")).toBeNull();
    expect(await sendSignedOut({ name: "Elsewhere" }, "/admin/events/new", "198.51.100.78")).not.toBeNull();
  });

  it("a save of an event someone deleted meanwhile keeps what was typed, to add again as a new event (its questions too)", async () => {
    const session = await signIn();
    await runSql(["INSERT INTO event_questions (id, event_id, kind, label, required, position) VALUES (7, 1, 'text', 'Your church', 0, 1)"]);
    const version = await formVersion("churchevents", 1);
    expect((await postForm("/admin/events/edit/1", { intent: "delete" }, { cookie: session })).status).toBe(302);

    const fields = { ...EVENT_FORM, version, description: "Three days of teaching at the lake.", image_url: "/media/events/sample-retreat-1600w.webp", association_question: "off", church_question: "off", "questions[0].id": "7", "questions[0].kind": "text", "questions[0].label": "Your church (and town)" };
    const save = await postForm("/admin/events/edit/1", fields, { cookie: session, ip: "203.0.113.9" });
    expect(save.headers.get("Location")).toBe("/admin/account/unsaved");
    expect((await toastOf(save))?.description).toBe("Failed to save event: this record no longer exists.");
    const unsaved = `unsaved-form=${cookieValue(save, "unsaved-form")}`;

    const page = await (await request("/admin/account/unsaved", { cookie: `${session}; ${unsaved}` })).text();
    expect(textOf(page)).toContain("Someone deleted it while you were editing, so your changes were not saved.");
    expect(textOf(page)).toContain("Three days of teaching at the lake.");
    const form = savingForm(page);
    expect(form.action).toBe("/admin/events/new");
    expect(form.fields).not.toHaveProperty(["questions[0].id"]);
    // A bundled sample picture goes with it (only an upload is deleted with the record).
    expect(form.fields.image_url).toBe("/media/events/sample-retreat-1600w.webp");
    expect(textOf(page)).not.toContain("picture");
    expect(textOf(page)).toContain("Add it again as new");

    const added = await postForm(form.action, form.fields, { cookie: `${session}; ${unsaved}` });
    expect((await toastOf(added))?.title).toBe("Event created");
    const event = await env.DB.prepare("SELECT id, description FROM churchevents").first<{ id: number; description: string }>();
    expect(event?.description).toBe("Three days of teaching at the lake.");
    const questions = (await env.DB.prepare("SELECT label FROM event_questions WHERE event_id = ?1 AND removed_at IS NULL").bind(event!.id).all()).results;
    expect(questions).toEqual([{ label: "Your church (and town)" }]);
    expect(await keptRows()).toEqual([]);
  });
});
