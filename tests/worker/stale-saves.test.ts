// Two people editing the same event, testimony, leader or association (the forms without History):
// a save from a form opened before someone else's save is refused (409) with who saved and when,
// keeping what was typed, instead of silently overwriting theirs; saving again is then a deliberate
// choice. Of many saves from the same version at once, exactly one lands.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAdmin, postForm, runSql, seedReference, signIn, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

/** Tuesday 1 December 2026, 10:00 in Malawi. */
const NOW = new Date("2026-12-01T08:00:00.000Z");
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const EDITOR = { email: "editor@example.org", password: "editor-password-123" };

type Form = {
  what: string;
  path: string;
  table: string;
  /** The row the form edits (id 1). */
  seed: string;
  /** The form's other fields, as the form posts them. */
  fields: Record<string, string>;
  /** The field the two people change, and the message's words. */
  field: string;
  record: string;
  button: string;
  updated: string;
};

const FORMS: Form[] = [
  {
    what: "event",
    path: "/admin/events/edit/1",
    table: "churchevents",
    seed: "INSERT INTO churchevents (id, name, location) VALUES (1, 'Men''s Rally', 'Area 25')",
    fields: { intent: "save", name: "Men's Rally", date: "", description: "", capacity: "", active: "on", registration_enabled: "on", registration_notifications: "none", reminder: "day_before", image_alt: "" },
    field: "location",
    record: "this event",
    button: "Update Event",
    updated: "Event updated",
  },
  {
    what: "testimony",
    path: "/admin/testimonies/edit/1",
    table: "church_testimonies",
    seed: "INSERT INTO church_testimonies (id, content, author, role) VALUES (1, 'The Lord kept my family through a hard year.', 'Yohane Banda', 'Elder')",
    fields: { intent: "save", author: "Yohane Banda", content: "The Lord kept my family through a hard year.", active: "on" },
    field: "role",
    record: "this testimony",
    button: "Update Testimony",
    updated: "Testimony updated successfully",
  },
  {
    what: "leader",
    path: "/admin/leadership/edit/1",
    table: "leadership_members",
    seed: "INSERT INTO leadership_members (id, full_name, title, position_id) VALUES (1, 'Yohane Chisale', 'Rev.', 3)",
    fields: { intent: "save", full_name: "Yohane Chisale", position_id: "3", region: "", email: "", phone: "", bio: "", active: "on" },
    field: "title",
    record: "this member",
    button: "Update Member",
    updated: "Member Updated",
  },
  {
    what: "association",
    path: "/admin/associations/edit/1",
    table: "associations",
    seed: "INSERT INTO associations (id, name, region, district, meeting) VALUES (1, 'Salima Men', 'Central', 'Salima', 'Saturdays')",
    fields: { intent: "save", name: "Salima Men", region: "Central", district: "Salima", contact_name: "", contact_phone: "", active: "on" },
    field: "meeting",
    record: "this association",
    button: "Update Association",
    updated: "Association updated successfully",
  },
];

let admin: string;
let editor: string;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  await createAdmin();
  await createAdmin(EDITOR.email, EDITOR.password, "editor");
  admin = await signIn();
  editor = await signIn(EDITOR.email, EDITOR.password, "203.0.113.2");
});
afterEach(() => {
  vi.useRealTimers();
});

const stored = (form: Form) => env.DB.prepare(`SELECT ${form.field} AS value, version, updated_by FROM ${form.table} WHERE id = 1`).first();

describe.each(FORMS)("two people saving the same $what", (form) => {
  beforeEach(async () => {
    await seedReference();
    await runSql([form.seed]);
  });

  it("refuses the later save from a stale form with who saved and when, keeping what was typed; saving again replaces theirs", async () => {
    // Both opened the form at version 1; the editor saves first.
    vi.setSystemTime(minutesLater(5));
    const theirs = await postForm(form.path, { ...form.fields, version: "1", [form.field]: "The editor's words" }, { cookie: editor });
    expect(theirs.status).toBe(302);
    expect(await toastOf(theirs)).toMatchObject({ title: form.updated });

    vi.setSystemTime(minutesLater(7));
    const stale = await postForm(form.path, { ...form.fields, version: "1", [form.field]: "Typed by the admin" }, { cookie: admin });
    expect(stale.status).toBe(409);
    const page = await stale.text();
    expect(textOf(page)).toContain(
      `editor@example.org saved ${form.record} at 10:05 AM, after you opened it, so your changes were not saved. To keep yours, press ${form.button} again (theirs will be replaced). To see theirs first, reload the page. Yours and theirs differ in: ${form.field} (theirs: “The editor's words”).`,
    );
    expect(page).toMatch(/role="alert"[^>]*>editor@example\.org saved/);
    expect(page).toContain('value="Typed by the admin"');
    expect(await stored(form)).toEqual({ value: "The editor's words", version: 2, updated_by: EDITOR.email });
    // The form now carries the version it was refused by: saving again is a deliberate choice.
    expect(page).toMatch(/name="version" value="2"/);

    const again = await postForm(form.path, { ...form.fields, version: "2", [form.field]: "Typed by the admin" }, { cookie: admin });
    expect(await toastOf(again)).toMatchObject({ title: form.updated });
    expect(await stored(form)).toEqual({ value: "Typed by the admin", version: 3, updated_by: "admin@example.org" });
  });

  it("answers the same save sent again (its first answer lost on a weak signal) 'Already saved', not refused as someone else's", async () => {
    const fields = { ...form.fields, version: "1", [form.field]: "Sent twice" };
    expect((await postForm(form.path, fields, { cookie: admin })).status).toBe(302);
    const again = await postForm(form.path, fields, { cookie: admin });
    expect(again.status).toBe(302);
    expect(await toastOf(again)).toEqual({ title: "Already saved", description: "Your changes were saved the first time you sent them." });
    expect(await stored(form)).toMatchObject({ value: "Sent twice", version: 2 });
    // Anything else typed meanwhile is still refused.
    expect((await postForm(form.path, { ...fields, [form.field]: "Sent twice, then changed" }, { cookie: admin })).status).toBe(409);
  });

  it("lets exactly one of many saves from the same version land", async () => {
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postForm(form.path, { ...form.fields, version: "1", [form.field]: `Save ${i}` }, { cookie: i % 2 ? admin : editor })),
    );
    expect(saves.filter((response) => response.status === 302)).toHaveLength(1);
    expect(saves.filter((response) => response.status === 409)).toHaveLength(7);
    const row = await stored(form);
    expect(row).toMatchObject({ version: 2 });
    expect(String(row!.value)).toMatch(/^Save [0-7]$/);
  });

  // Events have no Active switch on their list.
  it.runIf(form.what !== "event")("counts the list's Active switch as a save: a form opened before it is refused", async () => {
    const switched = await postForm(form.path, { intent: "toggle-active" }, { cookie: editor });
    expect(switched.status).toBe(302);
    expect(await stored(form)).toMatchObject({ version: 2, updated_by: EDITOR.email });
    const stale = await postForm(form.path, { ...form.fields, version: "1", [form.field]: "Typed by the admin" }, { cookie: admin });
    expect(stale.status).toBe(409);
    expect(textOf(await stale.text())).toContain(`editor@example.org saved ${form.record} at 10:00 AM, after you opened it`);
  });

  it("records who added a new one as its last save, as posts and ministries do", async () => {
    await runSql([`DELETE FROM ${form.table}`]);
    const added = await postForm(form.path.replace("edit/1", "new"), { ...form.fields, [form.field]: "Added by the editor" }, { cookie: editor });
    expect(added.status).toBe(302);
    const row = await env.DB.prepare(`SELECT ${form.field} AS value, version, updated_by FROM ${form.table}`).first();
    expect(row).toEqual({ value: "Added by the editor", version: 1, updated_by: EDITOR.email });
  });

  it("refuses an edit form that carries no version, keeping the record as it was", async () => {
    const refused = await postForm(form.path, { ...form.fields, [form.field]: "No version" }, { cookie: admin });
    expect(refused.status).toBe(400);
    expect(await stored(form)).toMatchObject({ version: 1 });
  });
});
