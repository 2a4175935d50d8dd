// Drafts, scheduled posts and the preview (issue 15): visitors see a post only when it is published
// or its scheduled time has come, on every surface (the list, the post by slug and by id, home,
// the feed, the sitemap, JSON-LD, .data requests); a scheduled post goes live by itself when the
// clock reaches its time; the form's publishing choice, its refusals and its toasts; the admin's
// list, filters and dashboard card; the preview (staff only, never cached, noindex); and the
// migration, which keeps every existing post published.
import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PUBLISHING_MESSAGES } from "~/features/publishing/blog-form";
import { createAdmin, postForm, request, runSql, seedReference, signIn, toastOf } from "./helpers";
import { getPage, textOf } from "./public-helpers";

/** Tuesday 1 December 2026, 10:00 in Malawi. */
const NOW = new Date("2026-12-01T08:00:00.000Z");
const HOUR = 60 * 60 * 1000;

let cookie: string;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  await seedReference();
  await createAdmin();
  cookie = await signIn();
});
afterEach(() => {
  vi.useRealTimers();
});

const insertPost = (id: number, slug: string, title: string, status: string, publishAt: string | null) =>
  `INSERT INTO churchblogs (id, slug, title, date, author, excerpt, content, status, publish_at)
   VALUES (${id}, '${slug}', '${title}', '2026-11-30', 'Author ${id}', 'Excerpt of ${title}.', 'The content of ${title}.', '${status}', ${publishAt ? `'${publishAt}'` : "NULL"})`;

/** One post in each state visitors could meet, at NOW. */
const POSTS = {
  published: { id: 1, slug: "a-published-post", title: "A Published Post", visible: true },
  draft: { id: 2, slug: "a-draft-post", title: "A Draft Post", visible: false },
  later: { id: 3, slug: "a-post-for-later", title: "A Post For Later", visible: false },
  due: { id: 4, slug: "a-post-now-due", title: "A Post Now Due", visible: true },
};

async function seedEveryState() {
  await runSql([
    insertPost(1, POSTS.published.slug, POSTS.published.title, "published", "2026-11-30T08:00:00.000Z"),
    insertPost(2, POSTS.draft.slug, POSTS.draft.title, "draft", null),
    insertPost(3, POSTS.later.slug, POSTS.later.title, "scheduled", new Date(NOW.getTime() + HOUR).toISOString()),
    insertPost(4, POSTS.due.slug, POSTS.due.title, "scheduled", new Date(NOW.getTime() - 60_000).toISOString()),
  ]);
}

/** The opening tag of the form control named `name` (the first, for a radio group). */
function controlOf(page: string, name: string, value?: string): string {
  const valued = value === undefined ? "" : `[^>]*value="${value}"`;
  const tag = page.match(new RegExp(`<(?:input|textarea|select)[^>]*name="${name}"${valued}[^>]*>`))?.[0];
  if (!tag) throw new Error(`no control ${name}`);
  return tag;
}

/** The status radio that starts checked. */
const checkedStatus = (page: string) => ["published", "draft", "scheduled"].filter((value) => controlOf(page, "status", value).includes('checked=""'));

/** What the blog form posts for a post written in full. */
const form = {
  intent: "save",
  title: "Sunday Devotional",
  slug: "",
  slug_auto: "on",
  author: "Rev. Chikondi Banda",
  date: "2026-12-06",
  category_id: "",
  excerpt: "For Sunday morning.",
  content: "Rest in Him.",
  image_alt: "",
  status: "published",
  publish_at: "",
};

type StoredPost = { id: number; title: string; status: string; publish_at: string | null; version: number; updated_by: string | null };
const stored = async () =>
  (await env.DB.prepare("SELECT id, title, status, publish_at, version, updated_by FROM churchblogs ORDER BY id").all<StoredPost>()).results;

describe("what visitors see of each status", () => {
  beforeEach(seedEveryState);

  it("the blog lists only published posts and scheduled ones whose time has come", async () => {
    const { text } = await getPage("/blog");
    for (const post of Object.values(POSTS)) expect(text.includes(post.title), post.title).toBe(post.visible);
  });

  it("a post's page, by slug and by id, shows only those; a draft or a post not yet due is 'Blog Post Not Found' (404)", async () => {
    for (const post of Object.values(POSTS)) {
      for (const path of [`/blog/${post.slug}`, `/blog/${post.id}`]) {
        const { response, text } = await getPage(path);
        expect(response.status, path).toBe(post.visible ? 200 : 404);
        expect(text.includes(`The content of ${post.title}.`), path).toBe(post.visible);
        if (!post.visible) expect(text).toContain("Blog Post Not Found");
      }
    }
  });

  it("JSON-LD describes only a post visitors see", async () => {
    for (const post of Object.values(POSTS)) {
      const html = await (await request(`/blog/${post.slug}`)).text();
      expect(html.includes('"@type":"BlogPosting"'), post.title).toBe(post.visible);
      expect(html.includes(post.title), post.title).toBe(post.visible);
    }
  });

  it("React Router's .data requests answer the same", async () => {
    const list = await (await request("/blog.data")).text();
    for (const post of Object.values(POSTS)) {
      expect(list.includes(post.title), `/blog.data: ${post.title}`).toBe(post.visible);
      for (const path of [`/blog/${post.slug}.data`, `/blog/${post.id}.data`]) {
        const response = await request(path);
        expect(response.status, path).toBe(post.visible ? 200 : 404);
        expect((await response.text()).includes(`The content of ${post.title}.`), path).toBe(post.visible);
      }
    }
  });

  it("the RSS feed and the sitemap list only those", async () => {
    const feed = await (await request("/blog/rss.xml")).text();
    const sitemap = await (await request("/sitemap.xml")).text();
    for (const post of Object.values(POSTS)) {
      expect(feed.includes(`<title>${post.title}</title>`), `feed: ${post.title}`).toBe(post.visible);
      expect(sitemap.includes(`/blog/${post.slug}</loc>`), `sitemap: ${post.title}`).toBe(post.visible);
    }
  });

  it("the home page shows no draft or post not yet due", async () => {
    const { text } = await getPage("/");
    expect(text).not.toContain(POSTS.draft.title);
    expect(text).not.toContain(POSTS.later.title);
  });

  it("keeps slugs unique across drafts too", async () => {
    const response = await postForm("/admin/blogs/new", { ...form, slug_auto: "", slug: POSTS.draft.slug }, { cookie });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This slug is already used by another blog post.");
  });
});

describe("a scheduled post goes live by itself", () => {
  it("appears everywhere once the clock reaches its time, with nobody signed in and no admin action", async () => {
    const at = "2026-12-01T11:00"; // 11:00 in Malawi, an hour from NOW
    const saved = await postForm("/admin/blogs/new", { ...form, status: "scheduled", publish_at: at }, { cookie });
    expect(await toastOf(saved)).toEqual({ title: "Blog created successfully", description: "Scheduled for Tuesday 1 December, 11:00 AM" });
    const [post] = await stored();
    expect(post).toMatchObject({ status: "scheduled", publish_at: "2026-12-01T09:00:00.000Z" });

    const visible = async () => ({
      list: textOf(await (await request("/blog")).text()).includes("Sunday Devotional"),
      page: (await request("/blog/sunday-devotional")).status,
      feed: (await (await request("/blog/rss.xml")).text()).includes("<title>Sunday Devotional</title>"),
      sitemap: (await (await request("/sitemap.xml")).text()).includes("/blog/sunday-devotional</loc>"),
    });
    vi.setSystemTime(new Date("2026-12-01T08:59:59.999Z"));
    expect(await visible()).toEqual({ list: false, page: 404, feed: false, sitemap: false });
    vi.setSystemTime(new Date("2026-12-01T09:00:00.000Z"));
    expect(await visible()).toEqual({ list: true, page: 200, feed: true, sitemap: true });
    // Nothing was written: the post is still 'scheduled', and reads as published from its time on.
    expect((await stored())[0]).toMatchObject({ status: "scheduled", version: 1 });

    // Staff see it as published too: the list's badge, the dashboard's card, the form's choice.
    const list = await (await request("/admin?tab=blogs", { cookie })).text();
    expect(list).toContain(">Published<");
    expect(list).not.toContain("Scheduled for");
    expect(await (await request("/admin", { cookie })).text()).toContain("1 published");
    expect(checkedStatus(await (await request("/admin/blogs/edit/1", { cookie })).text())).toEqual(["published"]);
  });
});

describe("the blog form's publishing choice", () => {
  it("starts a new post at 'Publish now', with the schedule time hidden but never disabled", async () => {
    const page = await (await request("/admin/blogs/new", { cookie })).text();
    expect(page).toContain("Publishing");
    for (const label of ["Publish now", "Save as draft", "Schedule"]) expect(page).toContain(`>${label}<`);
    expect(checkedStatus(page)).toEqual(["published"]);
    const time = controlOf(page, "publish_at");
    expect(time).toContain('type="datetime-local"');
    expect(time).not.toMatch(/\sdisabled(=|\s|\/?>)/);
    // Shown by CSS only while 'Schedule' is checked.
    expect(page).toMatch(/class="hidden group-has-\[input\[value=scheduled\]:checked\]\/publishing:block"><div><label[^>]*>Publish at</);
  });

  it("starts an edit at the post's status: a draft stays a draft when updated, and a scheduled post keeps its time", async () => {
    await seedEveryState();
    const draftPage = await (await request("/admin/blogs/edit/2", { cookie })).text();
    expect(checkedStatus(draftPage)).toEqual(["draft"]);
    const laterPage = await (await request("/admin/blogs/edit/3", { cookie })).text();
    expect(checkedStatus(laterPage)).toEqual(["scheduled"]);
    expect(controlOf(laterPage, "publish_at")).toContain('value="2026-12-01T11:00"');

    const update = await postForm("/admin/blogs/edit/2", { ...form, version: "1", title: "A Draft, Edited", slug_auto: "", slug: POSTS.draft.slug, status: "draft" }, { cookie });
    expect(await toastOf(update)).toEqual({ title: "Blog updated successfully", description: "Saved as a draft" });
    expect((await stored())[1]).toMatchObject({ title: "A Draft, Edited", status: "draft", publish_at: null });
    expect((await getPage(`/blog/${POSTS.draft.slug}`)).response.status).toBe(404);
  });

  it("says which happened: saved as a draft, scheduled for a Malawi time, or the spec's toast for a publish", async () => {
    const draft = await postForm("/admin/blogs/new", { ...form, status: "draft" }, { cookie });
    expect(await toastOf(draft)).toEqual({ title: "Blog created successfully", description: "Saved as a draft" });
    const scheduled = await postForm("/admin/blogs/new", { ...form, title: "For Sunday", status: "scheduled", publish_at: "2026-12-06T06:00" }, { cookie });
    expect(await toastOf(scheduled)).toEqual({ title: "Blog created successfully", description: "Scheduled for Sunday 6 December, 6:00 AM" });
    // Its Publication Date left at an earlier day: said, as the lists show (and sort by) that date.
    const older = await postForm("/admin/blogs/new", { ...form, title: "Looks Older", date: "2026-12-01", status: "scheduled", publish_at: "2026-12-06T06:00" }, { cookie });
    expect(await toastOf(older)).toEqual({
      title: "Blog created successfully",
      description: "Scheduled for Sunday 6 December, 6:00 AM. Its Publication Date, December 1, 2026, is before that: change it to the day it goes live if the post should not look older then.",
    });
    await runSql(["DELETE FROM churchblogs WHERE title = 'Looks Older'"]);
    const published = await postForm("/admin/blogs/new", { ...form, title: "Right Away" }, { cookie });
    expect(await toastOf(published)).toEqual({ title: "Blog created successfully" });
    expect(await stored()).toEqual([
      expect.objectContaining({ title: "Sunday Devotional", status: "draft", publish_at: null, updated_by: "admin@example.org" }),
      expect.objectContaining({ title: "For Sunday", status: "scheduled", publish_at: "2026-12-06T04:00:00.000Z" }),
      expect.objectContaining({ title: "Right Away", status: "published", publish_at: NOW.toISOString() }),
    ]);
  });

  it("publishes a draft at the moment it is published, and a later save keeps when it first went live", async () => {
    await postForm("/admin/blogs/new", { ...form, status: "draft" }, { cookie });
    vi.setSystemTime(new Date(NOW.getTime() + HOUR));
    await postForm("/admin/blogs/edit/1", { ...form, version: "1", slug_auto: "", slug: "sunday-devotional" }, { cookie });
    const wentLive = new Date(NOW.getTime() + HOUR).toISOString();
    expect((await stored())[0]).toMatchObject({ status: "published", publish_at: wentLive });
    vi.setSystemTime(new Date(NOW.getTime() + 2 * HOUR));
    await postForm("/admin/blogs/edit/1", { ...form, version: "2", title: "Sunday Devotional, Corrected", slug_auto: "", slug: "sunday-devotional" }, { cookie });
    expect((await stored())[0]).toMatchObject({ title: "Sunday Devotional, Corrected", publish_at: wentLive, version: 3 });
  });

  it("refuses a time that has passed (offering to publish now), a missing time and an unknown status, naming the field and keeping what was typed", async () => {
    const cases = [
      { fields: { status: "scheduled", publish_at: "2026-12-01T09:59" }, field: "publish_at", message: PUBLISHING_MESSAGES.timePast },
      { fields: { status: "scheduled", publish_at: "" }, field: "publish_at", message: PUBLISHING_MESSAGES.timeRequired },
      { fields: { status: "scheduled", publish_at: "2026-02-30T06:00" }, field: "publish_at", message: PUBLISHING_MESSAGES.timeInvalid },
      { fields: { status: "archived" }, field: "status", message: PUBLISHING_MESSAGES.statusUnknown },
      { fields: { status: "" }, field: "status", message: PUBLISHING_MESSAGES.statusUnknown },
    ];
    for (const { fields, field, message } of cases) {
      const response = await postForm("/admin/blogs/new", { ...form, ...fields }, { cookie });
      expect(response.status, message).toBe(400);
      const page = await response.text();
      // The message sits by its field (conform's error id) and the toast names it too.
      expect(page, message).toMatch(new RegExp(`id="[^"]*-${field}-error"[^>]*>${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}<`));
      expect(controlOf(page, "title")).toContain('value="Sunday Devotional"');
      expect(page).toContain(">For Sunday morning.</textarea>");
      if (field === "publish_at" && fields.publish_at) expect(controlOf(page, "publish_at")).toContain(`value="${fields.publish_at}"`);
      expect(page.includes(PUBLISHING_MESSAGES.publishNow), message).toBe(message === PUBLISHING_MESSAGES.timePast);
    }
    // The offer is a label for the 'Publish now' choice: choosing it needs no script.
    const refused = await (await postForm("/admin/blogs/new", { ...form, status: "scheduled", publish_at: "2026-12-01T09:59" }, { cookie })).text();
    const offer = refused.match(/<label for="([^"]+)"[^>]*>Publish now instead</);
    expect(offer).not.toBeNull();
    expect(refused).toMatch(new RegExp(`<input(?=[^>]*id="${offer![1]}")(?=[^>]*value="published")[^>]*>`));
    expect(await stored()).toEqual([]);
  });
});

describe("the admin's list and dashboard", () => {
  beforeEach(seedEveryState);

  it("shows each post's status badge and publish time, and filters by status (All is the default)", async () => {
    const all = await (await request("/admin?tab=blogs", { cookie })).text();
    const rowOf = (title: string) => all.split("<li").find((chunk) => chunk.includes(`>${title}<`))!;
    expect(rowOf(POSTS.published.title)).toContain(">Published<");
    expect(rowOf(POSTS.published.title)).toContain("Published <!-- -->Nov 30, 2026, 10:00 AM");
    expect(rowOf(POSTS.draft.title)).toContain(">Draft<");
    expect(rowOf(POSTS.later.title)).toContain(">Scheduled for Tuesday 1 December, 11:00 AM<");
    expect(rowOf(POSTS.due.title)).toContain(">Published<");
    for (const [label, count] of [["All", 4], ["Drafts", 1], ["Scheduled", 1], ["Published", 2]] as const) {
      expect(all).toContain(`>${label} (${count})</a>`);
    }
    expect(all).toMatch(/aria-current="page"[^>]*>All \(4\)/);

    const drafts = textOf(await (await request("/admin?tab=blogs&status=draft", { cookie })).text());
    expect(drafts).toContain(POSTS.draft.title);
    for (const post of [POSTS.published, POSTS.later, POSTS.due]) expect(drafts).not.toContain(post.title);
    const scheduled = textOf(await (await request("/admin?tab=blogs&status=scheduled", { cookie })).text());
    expect(scheduled).toContain(POSTS.later.title);
    expect(scheduled).not.toContain(POSTS.due.title);
    const published = textOf(await (await request("/admin?tab=blogs&status=published", { cookie })).text());
    expect([POSTS.published, POSTS.due].every((post) => published.includes(post.title))).toBe(true);
    expect(published).not.toContain(POSTS.draft.title);
  });

  it("offers 'Preview' beside each post's title", async () => {
    const all = await (await request("/admin?tab=blogs", { cookie })).text();
    for (const post of Object.values(POSTS)) {
      expect(all).toMatch(new RegExp(`>${post.title}</span> <a(?=[^>]*href="/admin/blogs/preview/${post.id}")[^>]*>Preview<`));
    }
  });

  it("keeps one number on the Blogs card, all posts, with a line of how many are in each status", async () => {
    const body = await (await request("/admin", { cookie })).text();
    const card = body.slice(body.indexOf(">Blogs</p>"), body.indexOf("</a>", body.indexOf(">Blogs</p>")));
    expect([...card.matchAll(/text-3xl[^>]*>(\d+)</g)].map((m) => m[1])).toEqual(["4"]);
    expect(textOf(card)).toContain("2 published · 1 draft · 1 scheduled");
  });
});

describe("the preview", () => {
  beforeEach(seedEveryState);

  it("shows staff a draft or scheduled post exactly as visitors will see it, under the banner, noindex and never cached", async () => {
    // The same markup, but for what only React reads: the public page runs without React and
    // leaves out its text separators and route-discovery attributes (app/server/page-styles.server.ts).
    const article = (html: string) => html.slice(html.indexOf("<article"), html.indexOf("</article>")).replace(/<!--(?: |\$|\/\$)-->| data-discover="true"/g, "");
    const publicArticle = (await request(`/blog/${POSTS.published.slug}`)).text().then(article);
    const preview = await request(`/admin/blogs/preview/${POSTS.published.id}`, { cookie });
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(article(html)).toBe(await publicArticle);
    expect(html).toContain("Preview – not visible to visitors");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(preview.headers.get("Cache-Control")).toBe("private, no-store");

    for (const post of [POSTS.draft, POSTS.later]) {
      const page = await request(`/admin/blogs/preview/${post.id}`, { cookie });
      expect(page.status).toBe(200);
      const text = textOf(await page.text());
      expect(text).toContain("Preview – not visible to visitors");
      expect(text).toContain(`The content of ${post.title}.`);
      // Its address is "not found" for visitors until it is published: nothing to share yet.
      expect(text).not.toContain("Share on WhatsApp");
    }
    expect(textOf(html)).toContain("Share on WhatsApp");
    expect(textOf(await (await request(`/admin/blogs/preview/${POSTS.draft.id}`, { cookie })).text())).toContain("This post: Draft");
  });

  it("sends visitors to sign in, for the page and its .data, even right after staff viewed it with the edge cache on", async () => {
    (env as { EDGE_CACHE?: string }).EDGE_CACHE = "on";
    try {
      await (await request(`/admin/blogs/preview/${POSTS.draft.id}`, { cookie })).text();
      for (const path of [`/admin/blogs/preview/${POSTS.draft.id}`, `/admin/blogs/preview/${POSTS.draft.id}.data`]) {
        const visitor = await request(path);
        const body = await visitor.text();
        expect(body, path).not.toContain(`The content of ${POSTS.draft.title}.`);
        if (path.endsWith(".data")) expect(body).toContain('"redirect","/auth"');
        else expect([visitor.status, visitor.headers.get("Location")]).toEqual([302, "/auth"]);
        expect(visitor.headers.get("X-Edge-Cache")).toBeNull();
      }
    } finally {
      (env as { EDGE_CACHE?: string }).EDGE_CACHE = "off";
    }
  });

  it("goes back to the list with the spec's message for a post that does not exist", async () => {
    const response = await request("/admin/blogs/preview/99", { cookie });
    expect(response.headers.get("Location")).toBe("/admin?tab=blogs");
    expect(await toastOf(response)).toEqual({ title: "Error", description: "Could not fetch blog data", variant: "destructive" });
  });
});

describe("the migration", () => {
  it("keeps every existing post published and visible exactly as before, going live when it was added", async () => {
    vi.useRealTimers();
    const migrations = env.TEST_MIGRATIONS;
    const ours = migrations.findIndex((migration) => migration.name.includes("drafts_revisions"));
    expect(ours).toBeGreaterThan(0);
    await reset();
    await applyD1Migrations(env.DB, migrations.slice(0, ours));
    await runSql([
      "INSERT INTO blog_categories (id, name, slug) VALUES (1, 'News', 'news')",
      "INSERT INTO churchblogs (id, slug, title, date, author, excerpt, content, category_id, created_at) VALUES (1, 'old-news', 'Old News', '2025-12-01', 'A', 'E', 'C', 1, '2025-12-01T06:00:00.000Z')",
      "INSERT INTO churchblogs (id, slug, title, date, author, excerpt, content, created_at) VALUES (2, '', 'No Slug', '2026-01-01', 'B', 'E', 'C', '2026-01-01T06:00:00.000Z')",
      "INSERT INTO ministries (id, title, slug, short_description, full_description) VALUES (1, 'M', 'm', 's', 'f')",
    ]);
    await applyD1Migrations(env.DB, migrations);

    expect(await stored()).toEqual([
      { id: 1, title: "Old News", status: "published", publish_at: "2025-12-01T06:00:00.000Z", version: 1, updated_by: null },
      { id: 2, title: "No Slug", status: "published", publish_at: "2026-01-01T06:00:00.000Z", version: 1, updated_by: null },
    ]);
    expect(await env.DB.prepare("SELECT version, updated_by FROM ministries").first()).toEqual({ version: 1, updated_by: null });
    expect(textOf(await (await request("/blog")).text())).toContain("No Slug January 1, 2026 • By B E Read More about No Slug News Old News December 1, 2025 • By A E Read More about Old News");
    for (const path of ["/blog/old-news", "/blog/1", "/blog/2"]) expect((await request(path)).status, path).toBe(200);
    expect(await (await request("/blog/rss.xml")).text()).toContain("<title>Old News</title>");
  });
});
