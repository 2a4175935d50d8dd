// SPEC section 2: "Each form serves both create and edit: edit applies when an id is present; 'new'
// or no id means create." /admin/<type>/edit/new is the create form, and saving it creates.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, postForm, request, seedReference, signIn, toastOf } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
  await seedReference();
});

const CASES = [
  {
    type: "testimonies",
    heading: "Create New Testimony",
    fields: { author: "Yamikani Nkhoma", role: "Elder, Mzuzu", content: "God renewed my family through this ministry.", active: "on" },
    created: "Testimony created successfully",
    table: "church_testimonies",
  },
  {
    type: "ministries",
    heading: "Add Ministry",
    fields: { title: "Prayer Breakfast", slug_auto: "on", short_description: "Men meeting for prayer.", full_description: "We meet monthly.", sort_order: "0", active: "on" },
    created: "Ministry created successfully",
    table: "ministries",
  },
  {
    type: "blogs",
    heading: "Add Blog",
    fields: { title: "Walking With God", slug_auto: "on", author: "Rev. Banda", date: "2026-03-05", excerpt: "A short word.", content: "Walk humbly.", status: "published" },
    created: "Blog created successfully",
    table: "churchblogs",
  },
  {
    type: "events",
    heading: "Create New Event",
    fields: { name: "Northern Region Men's Rally", date: "2027-03-05T09:30", active: "on", registration_enabled: "on" },
    created: "Event created",
    table: "churchevents",
  },
  {
    type: "leadership",
    heading: "Add Team Member",
    fields: { full_name: "Yohane Chisale", position_id: "3", active: "on" },
    created: "Member Added",
    table: "leadership_members",
  },
] as const;

describe("/admin/<type>/edit/new", () => {
  it.each(CASES)("$type: shows the create form, and saving it creates a record", async ({ type, heading, fields, created, table }) => {
    const form = await request(`/admin/${type}/edit/new`, { cookie });
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(heading);

    const saved = await postForm(`/admin/${type}/edit/new`, { intent: "save", ...fields }, { cookie });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved)).toMatchObject({ title: created });
    const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>();
    expect(row?.n).toBe(1);
  });
});
