// History and Restore (issue 15): every save of a post, a ministry or a page's copy keeps the version
// it replaces (the last 20), with who saved it and when; the form lists them, shows any of them
// and restores it as a new save, which can be undone in turn. A save from a form opened before
// someone else's save is refused with who saved and when, keeping what was typed. Pictures a kept
// version shows stay in storage until that version is dropped.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RESTORED } from "~/features/history/history-messages";
import { VERSION_GONE } from "~/features/history/history-view.server";
import { releasePictures } from "~/features/images/image-store.server";
import { fixtureBytes } from "../fixtures/images";
import { createAdmin, postForm, postMultipart, request, seedReference, signIn, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

/** Tuesday 1 December 2026, 10:00 in Malawi. */
const NOW = new Date("2026-12-01T08:00:00.000Z");
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const EDITOR = { email: "editor@example.org", password: "editor-password-123" };

let admin: string;
let editor: string;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  await seedReference();
  await createAdmin();
  await createAdmin(EDITOR.email, EDITOR.password);
  admin = await signIn();
  editor = await signIn(EDITOR.email, EDITOR.password, "203.0.113.2");
});
afterEach(() => {
  vi.useRealTimers();
});

const post = {
  intent: "save",
  title: "First Title",
  slug: "a-post",
  slug_auto: "",
  author: "Rev. Chikondi Banda",
  date: "2026-12-01",
  category_id: "",
  excerpt: "An excerpt.",
  content: "The first content.",
  image_alt: "",
  status: "published",
};

const ministry = {
  intent: "save",
  title: "Prayer Breakfast",
  slug: "prayer-breakfast",
  slug_auto: "",
  short_description: "Men meeting for prayer.",
  full_description: "We meet monthly.",
  sort_order: "0",
  image_alt: "",
  active: "on",
};

type KeptVersion = { id: number; entity: string; record_key: string; data: string; image_url: string | null; saved_at: string; saved_by: string | null };
const keptVersions = async () => (await env.DB.prepare("SELECT * FROM history ORDER BY id DESC").all<KeptVersion>()).results;
const titleOf = (version: KeptVersion) => (JSON.parse(version.data) as { title: string }).title;
const storedPost = () => env.DB.prepare("SELECT title, content, status, version, updated_by, image_url FROM churchblogs WHERE id = 1").first();

/** Saves post 1 from the version it is at, as `who`, `minutes` after NOW. */
async function savePost(fields: Record<string, string>, who = admin, minutes = 0) {
  vi.setSystemTime(minutesLater(minutes));
  const { version } = (await env.DB.prepare("SELECT version FROM churchblogs WHERE id = 1").first<{ version: number }>())!;
  return postForm("/admin/blogs/edit/1", { ...post, ...fields, version: String(version) }, { cookie: who });
}

/** The opening tag of the form control named `name`. */
function controlOf(page: string, name: string): string {
  const tag = page.match(new RegExp(`<(?:input|textarea|select)[^>]*name="${name}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no control ${name}`);
  return tag;
}

/** The History section of an edit page, as text. */
const historyText = (page: string, id = "blog-history") => textOf(page.slice(page.indexOf(`aria-labelledby="${id}-heading"`), page.indexOf("</section>", page.indexOf(`aria-labelledby="${id}-heading"`))));

describe("a post's History", () => {
  beforeEach(async () => {
    await postForm("/admin/blogs/new", post, { cookie: admin });
  });

  it("keeps the version each save replaces, with who saved it and when, and lists them newest first", async () => {
    await savePost({ title: "Second Title" }, editor, 1);
    await savePost({ title: "Third Title" }, admin, 2);
    const kept = await keptVersions();
    expect(kept.map((r) => ({ entity: r.entity, key: r.record_key, title: titleOf(r), saved_at: r.saved_at, saved_by: r.saved_by }))).toEqual([
      { entity: "blog", key: "1", title: "Second Title", saved_at: minutesLater(1).toISOString(), saved_by: EDITOR.email },
      { entity: "blog", key: "1", title: "First Title", saved_at: NOW.toISOString(), saved_by: "admin@example.org" },
    ]);
    // A version is what the form edits: not whether visitors see it.
    expect(Object.keys(JSON.parse(kept[0]!.data))).toEqual(["title", "slug", "author", "date", "category_id", "excerpt", "content", "image_url", "image_alt"]);

    const page = await (await request("/admin/blogs/edit/1", { cookie: admin })).text();
    expect(historyText(page)).toContain(
      "History Every save keeps the version it replaces (the last 20). View one to restore it. Current version Saved Dec 1, 2026, 10:02 AM by admin@example.org " +
        "Dec 1, 2026, 10:01 AM by editor@example.org View Dec 1, 2026, 10:00 AM by admin@example.org View",
    );
    for (const version of kept) expect(page).toContain(`href="/admin/blogs/edit/1?version=${version.id}"`);
  });

  // The page promises "the last 20": the number is written here, not read from the app.
  it("a link to the post's old address (shared before its address changed) leads on to the new one for good; not to a post visitors cannot see", async () => {
    await savePost({ slug: "a-better-post" }, admin, 1);
    const old = await request("/blog/a-post");
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/blog/a-better-post");
    expect((await request("/blog/a-better-post")).status).toBe(200);
    // A new post given the old address is what the old address shows.
    await postForm("/admin/blogs/new", { ...post, title: "Another", slug: "a-post" }, { cookie: admin });
    expect((await request("/blog/a-post")).status).toBe(200);
    // Its form says so beside a new address (here refused: the new post has that address now).
    const refused = await savePost({ slug: "a-post" }, admin, 2);
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain("Links already shared to /blog/a-better-post will lead to the new address.");
    // Back to a draft, the moved post is not found at either address.
    await savePost({ slug: "a-better-post", status: "draft" }, admin, 2);
    expect((await request("/blog/a-better-post")).status).toBe(404);
    expect((await request("/blog/never-was")).status).toBe(404);
  });

  it("keeps the last 20 versions", async () => {
    for (let save = 2; save <= 23; save += 1) await savePost({ title: `Title ${save}` }, admin, save);
    const kept = await keptVersions();
    expect(kept).toHaveLength(20);
    expect(titleOf(kept[0]!)).toBe("Title 22");
    expect(titleOf(kept[19]!)).toBe("Title 3");
  });

  it("shows a version in the form, and restores it as a new save that can itself be undone", async () => {
    await savePost({ title: "Second Title", content: "The second content.", status: "draft" }, editor, 1);
    const [first] = await keptVersions();

    const view = await (await request(`/admin/blogs/edit/1?version=${first!.id}`, { cookie: admin })).text();
    expect(textOf(view)).toContain("You are viewing the version saved Dec 1, 2026, 10:00 AM by admin@example.org. Nothing changes until you press Restore.");
    expect(view).toMatch(/<button(?=[^>]*type="submit")(?=[^>]*name="intent")(?=[^>]*value="restore")[^>]*>Restore</);
    // The form's own button at its foot restores too: no 'Update Blog' (a second kind of save) beside Restore.
    expect(view.match(/<button(?=[^>]*type="submit")(?=[^>]*name="intent")(?=[^>]*value="restore")[^>]*>/g)).toHaveLength(2);
    expect(view).not.toContain("Update Blog");
    expect(controlOf(view, "title")).toContain('value="First Title"');
    expect(view).toContain(">The first content.</textarea>");
    expect(controlOf(view, "version")).toContain('value="2"');
    // Restoring a version never publishes or hides the post: the form keeps its current status.
    expect(view).toMatch(/<input(?=[^>]*value="draft")(?=[^>]*checked="")[^>]*>/);
    expect(historyText(view)).toMatch(/10:00 AM by admin@example\.org Viewing/);

    vi.setSystemTime(minutesLater(2));
    const restore = await postForm("/admin/blogs/edit/1", { ...post, status: "draft", intent: "restore", version: "2" }, { cookie: admin });
    expect(await toastOf(restore)).toEqual({ title: "Blog updated successfully", description: RESTORED });
    expect(await storedPost()).toMatchObject({ title: "First Title", content: "The first content.", status: "draft", version: 3, updated_by: "admin@example.org" });

    // The restore kept the version it replaced: restoring that undoes it.
    const [replaced] = await keptVersions();
    expect(replaced).toMatchObject({ saved_by: EDITOR.email });
    expect(titleOf(replaced!)).toBe("Second Title");
    const undo = await (await request(`/admin/blogs/edit/1?version=${replaced!.id}`, { cookie: admin })).text();
    expect(controlOf(undo, "title")).toContain('value="Second Title"');
    await postForm("/admin/blogs/edit/1", { ...post, title: "Second Title", content: "The second content.", status: "draft", intent: "restore", version: "3" }, { cookie: admin });
    expect(await storedPost()).toMatchObject({ title: "Second Title", content: "The second content.", version: 4 });
  });

  it("says so when a version is no longer kept, or when the post was deleted meanwhile", async () => {
    const gone = await request("/admin/blogs/edit/1?version=999", { cookie: admin });
    expect(gone.headers.get("Location")).toBe("/admin/blogs/edit/1");
    expect(await toastOf(gone)).toEqual({ title: "Error", description: VERSION_GONE, variant: "destructive" });

    await savePost({ title: "Second Title" }, admin, 1);
    const [first] = await keptVersions();
    await postForm("/admin/blogs/edit/1", { intent: "delete" }, { cookie: editor });
    expect(await keptVersions()).toEqual([]);

    const view = await request(`/admin/blogs/edit/1?version=${first!.id}`, { cookie: admin });
    expect(view.headers.get("Location")).toBe("/admin?tab=blogs");
    expect(await toastOf(view)).toEqual({ title: "Error", description: "This blog post has been deleted, so its earlier versions can no longer be restored.", variant: "destructive" });
    const restore = await postForm("/admin/blogs/edit/1", { ...post, intent: "restore", version: "2" }, { cookie: admin });
    // What the form held is kept, to add again as a new post (decision 037).
    expect(restore.headers.get("Location")).toBe("/admin/account/unsaved");
    expect(await toastOf(restore)).toEqual({ title: "Error", description: "Failed to restore this version: this record no longer exists.", variant: "destructive" });
    const kept = await env.DB.prepare("SELECT path, fields FROM unsaved_forms").first<{ path: string; fields: string }>();
    expect(kept?.path).toBe("/admin/blogs/new");
    expect(JSON.parse(kept!.fields)).toContainEqual(["intent", "save"]);
    expect(await storedPost()).toBeNull();
  });
});

describe("two editors saving the same post", () => {
  beforeEach(async () => {
    await postForm("/admin/blogs/new", post, { cookie: admin });
  });

  it("refuses the later save from a stale form with who saved and when, keeping what was typed; saving again replaces theirs, which stays in History", async () => {
    // Both opened the form at version 1; the editor saves first.
    vi.setSystemTime(minutesLater(5));
    await postForm("/admin/blogs/edit/1", { ...post, version: "1", title: "The Editor's Title" }, { cookie: editor });

    vi.setSystemTime(minutesLater(7));
    const stale = await postForm("/admin/blogs/edit/1", { ...post, version: "1", title: "The Admin's Title", content: "Typed for a long time." }, { cookie: admin });
    expect(stale.status).toBe(409);
    const page = await stale.text();
    const message =
      "editor@example.org saved this post at 10:05 AM, after you opened it, so your changes were not saved. To keep yours, press Update Blog again: their version stays in History. To see theirs first, reload the page. Yours and theirs differ in: title (theirs: “The Editor&#x27;s Title”), content (theirs: “The first content.”).";
    expect(page).toMatch(new RegExp(`role="alert"[^>]*>${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}<`));
    expect(controlOf(page, "title")).toContain('value="The Admin&#x27;s Title"');
    expect(page).toContain(">Typed for a long time.</textarea>");
    expect(await storedPost()).toMatchObject({ title: "The Editor's Title", version: 2, updated_by: EDITOR.email });
    // The form now carries the version it was refused by: saving again is a deliberate choice.
    expect(controlOf(page, "version")).toContain('value="2"');

    const again = await postForm("/admin/blogs/edit/1", { ...post, version: "2", title: "The Admin's Title", content: "Typed for a long time." }, { cookie: admin });
    expect(await toastOf(again)).toEqual({ title: "Blog updated successfully" });
    expect(await storedPost()).toMatchObject({ title: "The Admin's Title", version: 3 });
    expect(titleOf((await keptVersions())[0]!)).toBe("The Editor's Title");
  });

  it("lets exactly one of many saves from the same version win, keeping one version", async () => {
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postForm("/admin/blogs/edit/1", { ...post, version: "1", title: `Save ${i}` }, { cookie: i % 2 ? admin : editor })),
    );
    expect(saves.filter((response) => response.status === 302)).toHaveLength(1);
    expect(saves.filter((response) => response.status === 409)).toHaveLength(9);
    expect(await keptVersions()).toHaveLength(1);
    expect(await storedPost()).toMatchObject({ version: 2 });
  });

  it("refuses a save whose form carries no version (it cannot be checked), keeping what was typed", async () => {
    const response = await postForm("/admin/blogs/edit/1", { ...post, title: "No Version" }, { cookie: admin });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("The form could not be read. Please reload the page.");
    expect(controlOf(page, "title")).toContain('value="No Version"');
    expect(await storedPost()).toMatchObject({ title: "First Title", version: 1 });
  });
});

describe("pictures of kept versions", () => {
  const upload = (name: string) => new File([fixtureBytes("png")], name, { type: "image/png" });
  const objects = async () => (await env.IMAGES.list()).objects.map((o) => `/images/${o.key}`).sort();

  it("stay in storage while a kept version shows them, and go once nothing refers to them", async () => {
    await postMultipart("/admin/blogs/new", { ...post, image_file: upload("first.png") }, { cookie: admin });
    const first = (await storedPost())!.image_url as string;
    await postMultipart("/admin/blogs/edit/1", { ...post, version: "1", image_url: first, image_file: upload("second.png") }, { cookie: admin });
    const second = (await storedPost())!.image_url as string;
    expect(second).not.toBe(first);
    // The replaced picture stays: the kept version shows it (asking to release it again changes
    // nothing), and restoring brings it back.
    await releasePictures([first, second]);
    expect(await objects()).toEqual([first, second].sort());
    await postForm("/admin/blogs/edit/1", { ...post, intent: "restore", version: "2", image_url: first }, { cookie: admin });
    expect(await storedPost()).toMatchObject({ image_url: first });

    // Once the version showing the second picture falls out of the kept window, it goes.
    for (let save = 0; save < 20; save += 1) await savePost({ title: `Save ${save}`, image_url: first });
    await vi.waitFor(async () => expect(await objects()).toEqual([first]));

    // Deleting the post deletes its History, and with it every picture.
    await postForm("/admin/blogs/edit/1", { intent: "delete" }, { cookie: admin });
    await vi.waitFor(async () => expect(await objects()).toEqual([]));
  });
});

describe("a ministry's History", () => {
  const storedMinistry = () => env.DB.prepare("SELECT title, active, version, updated_by FROM ministries WHERE id = 1").first();

  beforeEach(async () => {
    await postForm("/admin/ministries/new", ministry, { cookie: admin });
  });

  it("keeps each version, shows it and restores it (without changing whether visitors see the ministry)", async () => {
    vi.setSystemTime(minutesLater(1));
    await postForm("/admin/ministries/edit/1", { ...ministry, version: "1", title: "Men's Prayer Breakfast", active: "" }, { cookie: editor });
    const [first] = await keptVersions();
    expect(first).toMatchObject({ entity: "ministry", record_key: "1", saved_by: "admin@example.org", saved_at: NOW.toISOString() });
    expect(Object.keys(JSON.parse(first!.data))).not.toContain("active");

    const page = await (await request("/admin/ministries/edit/1", { cookie: admin })).text();
    expect(historyText(page, "ministry-history")).toContain("Current version Saved Dec 1, 2026, 10:01 AM by editor@example.org Dec 1, 2026, 10:00 AM by admin@example.org View");
    const view = await (await request(`/admin/ministries/edit/1?version=${first!.id}`, { cookie: admin })).text();
    expect(controlOf(view, "title")).toContain('value="Prayer Breakfast"');
    expect(controlOf(view, "active")).not.toContain('checked=""');

    const restore = await postForm("/admin/ministries/edit/1", { ...ministry, intent: "restore", version: "2", active: "" }, { cookie: admin });
    expect(await toastOf(restore)).toEqual({ title: "Ministry updated successfully", description: RESTORED });
    expect(await storedMinistry()).toMatchObject({ title: "Prayer Breakfast", active: 0, version: 3 });
    expect(titleOf((await keptVersions())[0]!)).toBe("Men's Prayer Breakfast");
  });

  it("a link to the ministry's old address leads on to the new one for good, while the ministry is shown", async () => {
    const { version } = (await env.DB.prepare("SELECT version FROM ministries WHERE id = 1").first<{ version: number }>())!;
    await postForm("/admin/ministries/edit/1", { ...ministry, version: String(version), slug: "mens-prayer-breakfast" }, { cookie: admin });
    const old = await request("/ministries/prayer-breakfast");
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/ministries/mens-prayer-breakfast");
    await postForm("/admin/ministries/edit/1", { ...ministry, version: String(version + 1), slug: "mens-prayer-breakfast", active: "" }, { cookie: admin });
    expect((await request("/ministries/prayer-breakfast")).status).not.toBe(301);
  });

  it("refuses a save from a stale form with who saved and when", async () => {
    vi.setSystemTime(minutesLater(3));
    await postForm("/admin/ministries/edit/1", { ...ministry, version: "1", title: "Theirs" }, { cookie: editor });
    const stale = await postForm("/admin/ministries/edit/1", { ...ministry, version: "1", title: "Mine" }, { cookie: admin });
    expect(stale.status).toBe(409);
    expect(textOf(await stale.text())).toContain("editor@example.org saved this ministry at 10:03 AM, after you opened it, so your changes were not saved.");
    expect(await storedMinistry()).toMatchObject({ title: "Theirs", version: 2 });
  });
});

describe("the page copy's History", () => {
  const about = (intro: string) => ({ section: "about", intro, mission_summary: "The summary.", "history[0].period": "1990s", "history[0].title": "Established", "history[0].text": "The department began." });
  const storedAbout = async () => JSON.parse((await env.DB.prepare("SELECT value FROM site_settings WHERE key = 'about'").first<{ value: string }>())!.value) as { intro: string };

  it("keeps each version of a page, shows it in the page's form and restores it", async () => {
    // The reference data installed the defaults as version 1.
    vi.setSystemTime(minutesLater(1));
    await postForm("/admin/pages", { ...about("First words."), version: "1" }, { cookie: admin });
    vi.setSystemTime(minutesLater(2));
    await postForm("/admin/pages", { ...about("Second words."), version: "2" }, { cookie: editor });
    const kept = await keptVersions();
    expect(kept.map((r) => [r.entity, r.record_key, (JSON.parse(r.data) as { intro: string }).intro.slice(0, 12), r.saved_by])).toEqual([
      ["page", "about", "First words.", "admin@example.org"],
      ["page", "about", expect.any(String), null],
    ]);

    const page = await (await request("/admin/pages", { cookie: admin })).text();
    expect(historyText(page, "about-history")).toContain("Current version Saved Dec 1, 2026, 10:02 AM by editor@example.org Dec 1, 2026, 10:01 AM by admin@example.org View");
    expect(historyText(page, "mission-history")).toContain("No earlier versions yet");

    const view = await (await request(`/admin/pages?version=${kept[0]!.id}`, { cookie: admin })).text();
    const aboutForm = view.slice(view.indexOf('id="about"'), view.indexOf('id="mission"'));
    expect(textOf(aboutForm)).toContain("You are viewing the version saved Dec 1, 2026, 10:01 AM by admin@example.org.");
    expect(aboutForm).toContain(">First words.</textarea>");
    expect(textOf(view.slice(view.indexOf('id="mission"')))).not.toContain("You are viewing");

    const restore = await postForm("/admin/pages", { ...about("First words."), version: "3", intent: "restore" }, { cookie: admin });
    expect(await toastOf(restore)).toEqual({ title: "About page saved", description: RESTORED });
    expect((await storedAbout()).intro).toBe("First words.");
    expect((await keptVersions())[0]).toMatchObject({ saved_by: EDITOR.email });
  });

  it("keeps no History for the other settings", async () => {
    const { version } = (await env.DB.prepare("SELECT version FROM site_settings WHERE key = 'social'").first<{ version: number }>())!;
    const saved = await postForm("/admin/settings", { section: "social", version: String(version), facebook_url: "https://www.facebook.com/baptistmen" }, { cookie: admin });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/settings#social");
    expect(await toastOf(saved)).toEqual({ title: "Social links saved" });
    expect(await keptVersions()).toEqual([]);
  });
});
