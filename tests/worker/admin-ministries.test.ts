// The ministries manager: the list on /admin?tab=ministries, the create/edit form (slug that follows
// the title, the spec's validation messages, images), delete, and the failures an admin may meet.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { SORT_ORDER_NOT_A_NUMBER } from "~/features/publishing/ministry-form";
import { SLUG_FORMAT_MESSAGE } from "~/features/publishing/slug-form";
import { fixtureBytes } from "../fixtures/images";
import { createAdmin, postForm, postMultipart, request, runSql, signIn, toastOf } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
});

type MinistryRow = {
  id: number;
  title: string;
  slug: string;
  short_description: string;
  full_description: string;
  sort_order: number;
  image_url: string | null;
  image_alt: string | null;
  active: number;
};

async function ministries(): Promise<MinistryRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, title, slug, short_description, full_description, sort_order, image_url, image_alt, active FROM ministries ORDER BY id",
  ).all<MinistryRow>();
  return results;
}

/** The opening tag of the form control named `name`. */
function controlOf(page: string, name: string): string {
  const tag = page.match(new RegExp(`<(?:input|textarea|select)[^>]*name="${name}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no control ${name}`);
  return tag;
}

/** The list row (<li>) that shows `title`. */
function rowOf(page: string, title: string): string {
  const row = page.split("<li").find((chunk) => chunk.includes(`>${title}<`));
  if (!row) throw new Error(`no row for ${title}`);
  return row;
}

const ministriesTab = async (query = "") => (await request(`/admin?tab=ministries${query}`, { cookie })).text();

/** What the form posts when an admin fills it in, auto-generate and Active left on. */
const valid = {
  intent: "save",
  title: "Prayer Breakfast",
  slug: "",
  slug_auto: "on",
  short_description: "Men meeting for prayer before work.",
  full_description: "We meet on the first Saturday.\nEveryone is welcome.",
  sort_order: "0",
  image_alt: "",
  active: "on",
};

const insertMinistry = (id: number, title: string, slug: string, sortOrder: number, active = 1, image: string | null = null) =>
  `INSERT INTO ministries (id, title, slug, short_description, full_description, sort_order, active, image_url)
   VALUES (${id}, '${title}', '${slug}', 'Short ${id}', 'Full ${id}', ${sortOrder}, ${active}, ${image ? `'${image}'` : "NULL"})`;

describe("ministries tab", () => {
  it("says when there are no ministries, and offers to add one", async () => {
    const page = await ministriesTab();
    expect(page).toContain("No ministries have been added yet.");
    expect(page).toMatch(/href="\/admin\/ministries\/new"[^>]*>.*Add Ministry/s);
  });

  it("lists every ministry by sort order with its slug, sort order, picture and Active or Inactive marker", async () => {
    await runSql([
      insertMinistry(1, "Discipleship", "discipleship", 3),
      insertMinistry(2, "Youth Mentorship", "youth-mentorship", 1, 1, "/media/ministries/youth-mentorship-1600w.webp"),
      insertMinistry(3, "Hidden Choir", "hidden-choir", 2, 0),
    ]);
    const page = await ministriesTab();
    const order = ["Youth Mentorship", "Hidden Choir", "Discipleship"].map((title) => page.indexOf(`>${title}<`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const youth = rowOf(page, "Youth Mentorship");
    expect(youth).toMatch(/>youth-mentorship<.*Sort order <!-- -->1/s);
    expect(youth).toMatch(/>Active</);
    expect(youth).toMatch(/<img[^>]*src="\/media\/ministries\/youth-mentorship-960w\.webp"/);
    expect(youth).toContain('href="/admin/ministries/edit/2"');
    expect(youth).toContain('aria-label="Delete Youth Mentorship"');

    const hidden = rowOf(page, "Hidden Choir");
    expect(hidden).toMatch(/>Inactive</);
    expect(hidden).not.toMatch(/>Active</);
    expect(hidden).not.toContain("<img");
  });

  it("shows the spec's message when the ministries cannot be read", async () => {
    await runSql(["DROP TABLE ministries"]);
    const response = await request("/admin?tab=ministries", { cookie });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toMatch(/role="alert"[^>]*>.*Failed to fetch ministries/s);
    expect(page).not.toContain("No ministries have been added yet.");
  });

  it("sends /admin/ministries to the tab", async () => {
    const response = await request("/admin/ministries", { cookie });
    expect(response.headers.get("Location")).toBe("/admin?tab=ministries");
  });
});

describe("ministry form", () => {
  it("starts a new ministry with auto-generate on, sort order 0 and Active on", async () => {
    const page = await (await request("/admin/ministries/new", { cookie })).text();
    for (const text of ["Add Ministry", "Title", "Slug", "Short Description", "Full Description", "Sort Order", "Image", "Image description", "Active (visible to users)", "Create Ministry", "Cancel"]) {
      expect(page).toContain(text);
    }
    expect(controlOf(page, "slug_auto")).toContain('checked=""');
    expect(controlOf(page, "slug")).toContain('readOnly=""');
    expect(controlOf(page, "sort_order")).toMatch(/type="number"/);
    expect(controlOf(page, "sort_order")).toContain('placeholder="0"');
    expect(controlOf(page, "sort_order")).toContain('value="0"');
    expect(controlOf(page, "active")).toContain('checked=""');
    expect(controlOf(page, "full_description")).toContain('rows="8"');
    expect(page).toMatch(/href="\/admin\?tab=ministries"[^>]*>Cancel</);
  });

  it("creates a ministry with the slug made from the title when none was typed (no JavaScript)", async () => {
    const response = await postForm("/admin/ministries/new", valid, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin?tab=ministries");
    expect(await toastOf(response)).toEqual({ title: "Ministry created successfully" });
    expect(await ministries()).toEqual([
      {
        id: 1,
        title: "Prayer Breakfast",
        slug: "prayer-breakfast",
        short_description: valid.short_description,
        full_description: valid.full_description,
        sort_order: 0,
        image_url: null,
        image_alt: null,
        active: 1,
      },
    ]);
  });

  it("follows the title while auto-generate is on, and keeps a typed slug once it is off", async () => {
    // A read-only slug left over from an earlier title does not win over the title.
    await postForm("/admin/ministries/new", { ...valid, title: "Men's Bible Study", slug: "stale-slug" }, { cookie });
    await postForm("/admin/ministries/new", { ...valid, title: "Another One", slug: "my-own-slug", slug_auto: "" }, { cookie });
    expect((await ministries()).map((m) => m.slug)).toEqual(["mens-bible-study", "my-own-slug"]);
  });

  it("refuses empty fields with the spec's messages, all at once, and keeps what was typed", async () => {
    const blank = { intent: "save", title: " ", slug: "", short_description: "", full_description: "", sort_order: "", image_alt: "", active: "on" };
    const response = await postForm("/admin/ministries/new", blank, { cookie });
    expect(response.status).toBe(400);
    const page = await response.text();
    for (const message of ["Title is required", "Slug is required", "Short description is required", "Full description is required", "Sort order is required"]) {
      expect(page).toContain(message);
    }

    const partly = await postForm("/admin/ministries/new", { ...valid, slug_auto: "", slug: "", full_description: "", sort_order: "7", image_alt: "Men praying", active: "" }, { cookie });
    expect(partly.status).toBe(400);
    const kept = await partly.text();
    expect(kept).toContain("Slug is required");
    expect(kept).toContain("Full description is required");
    expect(controlOf(kept, "title")).toContain('value="Prayer Breakfast"');
    expect(kept).toContain(">Men meeting for prayer before work.</textarea>");
    expect(controlOf(kept, "sort_order")).toContain('value="7"');
    expect(controlOf(kept, "image_alt")).toContain('value="Men praying"');
    expect(controlOf(kept, "active")).not.toContain('checked=""');
    expect(controlOf(kept, "slug_auto")).not.toContain('checked=""');
    expect(await ministries()).toEqual([]);
  });

  it("says when the sort order is not a whole number, and when a typed slug is badly formed", async () => {
    const response = await postForm("/admin/ministries/new", { ...valid, sort_order: "first", slug_auto: "", slug: "Prayer Breakfast!" }, { cookie });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(SORT_ORDER_NOT_A_NUMBER);
    expect(page).toContain(SLUG_FORMAT_MESSAGE);
    expect(controlOf(page, "sort_order")).toContain('value="first"');
    expect(controlOf(page, "slug")).toContain('value="Prayer Breakfast!"');
    expect(await ministries()).toEqual([]);
  });

  it("refuses a slug another ministry uses with a message on the slug, keeping what was typed", async () => {
    await runSql([insertMinistry(1, "Prayer Breakfast", "prayer-breakfast", 0)]);
    const response = await postForm("/admin/ministries/new", { ...valid, short_description: "A second one." }, { cookie });
    expect(response.status).toBe(409);
    const page = await response.text();
    expect(page).toContain("This slug is already used by another ministry. Please choose a different one.");
    expect(page).toContain(">A second one.</textarea>");
    // The slug made from the title was refused: the form opens it for typing.
    expect(controlOf(page, "slug")).toContain('value="prayer-breakfast"');
    expect(controlOf(page, "slug")).not.toContain('readOnly=""');
    expect(controlOf(page, "slug_auto")).not.toContain('checked=""');
    expect(await ministries()).toHaveLength(1);
  });

  it("opens an existing ministry with auto-generate off and saves the changes", async () => {
    await runSql([insertMinistry(5, "Old Title", "old-title", 4)]);
    const page = await (await request("/admin/ministries/edit/5", { cookie })).text();
    expect(page).toContain("Edit Ministry");
    expect(page).toContain("Update Ministry");
    expect(controlOf(page, "title")).toContain('value="Old Title"');
    expect(controlOf(page, "slug")).toContain('value="old-title"');
    expect(controlOf(page, "slug")).not.toContain('readOnly=""');
    expect(controlOf(page, "slug_auto")).not.toContain('checked=""');
    expect(controlOf(page, "sort_order")).toContain('value="4"');
    expect(page).toContain(">Full 5</textarea>");

    const response = await postForm(
      "/admin/ministries/edit/5",
      { ...valid, version: "1", title: "New Title", slug: "old-title", slug_auto: "", sort_order: "-2", image_alt: "Men at prayer", active: "" },
      { cookie },
    );
    expect(response.headers.get("Location")).toBe("/admin?tab=ministries");
    expect(await toastOf(response)).toEqual({ title: "Ministry updated successfully" });
    expect(await ministries()).toEqual([
      expect.objectContaining({ id: 5, title: "New Title", slug: "old-title", sort_order: -2, image_alt: "Men at prayer", active: 0 }),
    ]);
  });

  it("stores an uploaded image under ministry-images/ministries/ and deletes it with the ministry, asking first", async () => {
    const upload = await postMultipart("/admin/ministries/new", { ...valid, image_file: new File([fixtureBytes("jpeg")], "photo.jpg", { type: "image/jpeg" }) }, { cookie });
    expect(await toastOf(upload)).toEqual({ title: "Ministry created successfully" });
    const [created] = await ministries();
    expect(created!.image_url).toMatch(/^\/images\/ministry-images\/ministries\/[a-z0-9]+\.jpg$/);
    const stored = await env.IMAGES.get(created!.image_url!.replace("/images/", ""));
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(fixtureBytes("jpeg"));

    const dialog = await ministriesTab("&delete=1");
    expect(dialog).toMatch(/<dialog[^>]*open=""/);
    expect(dialog).toContain("Delete ministry?");
    expect(dialog).toContain("&quot;Prayer Breakfast&quot; and its image will be removed from the website. This cannot be undone.");

    const response = await postForm("/admin/ministries/edit/1", { intent: "delete" }, { cookie });
    expect(response.headers.get("Location")).toBe("/admin?tab=ministries");
    expect(await toastOf(response)).toEqual({ title: "Ministry deleted successfully" });
    expect(await ministries()).toEqual([]);
    expect((await env.IMAGES.list()).objects).toHaveLength(0);
  });

  it("keeps the previous image when an upload is refused, with the spec's 'Upload Error'", async () => {
    await postMultipart("/admin/ministries/new", { ...valid, image_file: new File([fixtureBytes("png")], "a.png", { type: "image/png" }) }, { cookie });
    const [first] = await ministries();
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "b.png", { type: "image/png" });
    const refused = await postMultipart("/admin/ministries/edit/1", { ...valid, version: "1", slug_auto: "", slug: "renamed", image_url: first!.image_url!, image_file: svg }, { cookie });
    expect(await toastOf(refused)).toMatchObject({ title: "Upload Error", description: expect.stringMatching(/^Failed to upload image\. /), variant: "destructive" });
    const [after] = await ministries();
    expect(after).toMatchObject({ slug: "renamed", image_url: first!.image_url });
    expect((await env.IMAGES.list()).objects).toHaveLength(1);
  });

  it("fails cleanly when the ministry was deleted meanwhile, for a save and for a delete", async () => {
    const save = await postForm("/admin/ministries/edit/42", valid, { cookie });
    expect(save.headers.get("Location")).toBe("/admin/account/unsaved"); // what was typed is kept there (decision 037)
    expect(await toastOf(save)).toEqual({ title: "Error", description: "Failed to update ministry: this record no longer exists.", variant: "destructive" });
    const remove = await postForm("/admin/ministries/edit/42", { intent: "delete" }, { cookie });
    expect(await toastOf(remove)).toEqual({ title: "Error", description: "Failed to delete ministry: it no longer exists.", variant: "destructive" });
    expect(await ministries()).toEqual([]);
  });

  it("sends a failed load back to the tab with 'Could not fetch ministry data'", async () => {
    for (const id of ["42", "abc"]) {
      const response = await request(`/admin/ministries/edit/${id}`, { cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin?tab=ministries");
      expect(await toastOf(response)).toEqual({ title: "Error", description: "Could not fetch ministry data", variant: "destructive" });
    }
    await runSql(["DROP TABLE ministries"]);
    const broken = await request("/admin/ministries/edit/1", { cookie });
    expect(await toastOf(broken)).toMatchObject({ description: "Could not fetch ministry data" });
  });

  it("shows visitors the change: a new ministry appears on /ministries and leaves it once made inactive", async () => {
    await postForm("/admin/ministries/new", valid, { cookie });
    expect(await (await request("/ministries")).text()).toContain("Prayer Breakfast");
    expect((await request("/ministries/prayer-breakfast")).status).toBe(200);

    await postForm("/admin/ministries/edit/1", { ...valid, version: "1", slug_auto: "", slug: "prayer-breakfast", active: "" }, { cookie });
    expect(await (await request("/ministries")).text()).not.toContain("Prayer Breakfast");
    expect((await request("/ministries/prayer-breakfast")).headers.get("Location")).toBe("/ministries");
  });
});
