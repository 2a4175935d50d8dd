// The blogs manager: the list on /admin?tab=blogs, the create/edit form (slug that follows the
// title, Malawi's today as the default date, categories, the spec's validation messages, images),
// delete, and the failures an admin may meet.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BLOG_CATEGORY_UNKNOWN, BLOG_DATE_INVALID } from "~/features/publishing/blog-form";
import { SLUG_FORMAT_MESSAGE } from "~/features/publishing/slug-form";
import { fixtureBytes } from "../fixtures/images";
import { createAdmin, postForm, postMultipart, request, runSql, seedReference, signIn, toastOf } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  await seedReference();
  cookie = await signIn();
});
afterEach(() => {
  vi.useRealTimers();
});

type BlogRow = {
  id: number;
  title: string;
  slug: string;
  author: string;
  date: string;
  category_id: number | null;
  excerpt: string;
  content: string;
  image_url: string | null;
  image_alt: string | null;
};

async function blogs(): Promise<BlogRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, title, slug, author, date, category_id, excerpt, content, image_url, image_alt FROM churchblogs ORDER BY id",
  ).all<BlogRow>();
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

/** The labels of a select's options, in order, and the one selected. */
function optionsOf(page: string, name: string) {
  const select = page.slice(page.indexOf(controlOf(page, name)), page.indexOf("</select>", page.indexOf(controlOf(page, name))));
  const options = [...select.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)];
  return { labels: options.map((o) => o[3]), selected: options.find((o) => o[2])?.[3] ?? null };
}

const blogsTab = async (query = "") => (await request(`/admin?tab=blogs${query}`, { cookie })).text();

/** What the form posts when an admin fills it in with auto-generate left on. */
const valid = {
  intent: "save",
  title: "Walking With God",
  slug: "",
  slug_auto: "on",
  author: "Rev. Chikondi Banda",
  date: "2026-03-05",
  category_id: "3",
  excerpt: "A short devotional.",
  content: "First paragraph.\n\nSecond paragraph.",
  image_alt: "",
  status: "published",
};

const insertBlog = (id: number, title: string, createdAt: string, date: string, categoryId: number | null = null) =>
  `INSERT INTO churchblogs (id, slug, title, date, author, excerpt, content, category_id, created_at)
   VALUES (${id}, 'post-${id}', '${title}', '${date}', 'Author ${id}', 'Excerpt ${id}', 'Content ${id}', ${categoryId ?? "NULL"}, '${createdAt}')`;

describe("blogs tab", () => {
  it("says when there are no posts, and offers to add one", async () => {
    const page = await blogsTab();
    expect(page).toContain("No blogs yet");
    expect(page).toMatch(/href="\/admin\/blogs\/new"[^>]*>.*Add Blog/s);
  });

  it("lists posts newest first by when they were added, with author, date, category and a link to the public post", async () => {
    await runSql([
      insertBlog(1, "Added First", "2026-01-01T08:00:00.000Z", "2026-06-30", 2),
      insertBlog(2, "Added Last", "2026-03-01T08:00:00.000Z", "2026-01-02"),
      insertBlog(3, "Added Between", "2026-02-01T08:00:00.000Z", "2026-03-05", 4),
    ]);
    const page = await blogsTab();
    // Ordered by created_at, not by the publication date.
    const order = ["Added Last", "Added Between", "Added First"].map((title) => page.indexOf(`>${title}<`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const between = rowOf(page, "Added Between");
    expect(between).toContain("By <!-- -->Author 3");
    expect(between).toContain(">Mar 5, 2026<");
    expect(between).toMatch(/>Family Life</);
    expect(between).toMatch(/href="\/blog\/post-3" target="_blank" rel="noopener" aria-label="View Added Between on the website \(opens in a new tab\)"/);
    expect(between).toContain('href="/admin/blogs/edit/3"');
    expect(between).toContain('aria-label="Delete Added Between"');
    expect(rowOf(page, "Added Last")).toMatch(/>No Category</);
  });

  it("shows the spec's message when the posts cannot be read", async () => {
    await runSql(["DROP TABLE churchblogs"]);
    const response = await request("/admin?tab=blogs", { cookie });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toMatch(/role="alert"[^>]*>.*Failed to load blogs/s);
    expect(page).not.toContain("No blogs yet");
  });

  it("sends /admin/blogs to the tab", async () => {
    const response = await request("/admin/blogs", { cookie });
    expect(response.headers.get("Location")).toBe("/admin?tab=blogs");
  });
});

describe("blog form", () => {
  it("starts a new post dated today in Malawi, with auto-generate on and the categories by name", async () => {
    // 23:30 UTC on March 4 is already March 5 in Malawi (UTC+2).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-04T23:30:00Z"));
    const page = await (await request("/admin/blogs/new", { cookie })).text();
    vi.useRealTimers();
    for (const text of ["Add Blog", "Title", "Slug", "Author", "Publication Date", "Category", "Excerpt", "A short summary that appears in blog listings", "Content", "Featured Image", "Image description", "Create Blog", "Cancel"]) {
      expect(page).toContain(text);
    }
    expect(controlOf(page, "date")).toMatch(/type="date"/);
    expect(controlOf(page, "date")).toContain('value="2026-03-05"');
    expect(controlOf(page, "slug_auto")).toContain('checked=""');
    expect(controlOf(page, "slug")).toContain('readOnly=""');
    expect(controlOf(page, "excerpt")).toContain('rows="3"');
    expect(controlOf(page, "content")).toContain('rows="10"');
    expect(optionsOf(page, "category_id")).toEqual({ labels: ["No Category", "Devotional", "Family Life", "News", "Teaching"], selected: "No Category" });
    expect(page).toMatch(/href="\/admin\?tab=blogs"[^>]*>Cancel</);
  });

  it("creates a post with the slug made from the title (no JavaScript), and it appears on /blog", async () => {
    const response = await postForm("/admin/blogs/new", valid, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin?tab=blogs");
    expect(await toastOf(response)).toEqual({ title: "Blog created successfully" });
    expect(await blogs()).toEqual([
      {
        id: 1,
        title: "Walking With God",
        slug: "walking-with-god",
        author: "Rev. Chikondi Banda",
        date: "2026-03-05",
        category_id: 3,
        excerpt: "A short devotional.",
        content: "First paragraph.\n\nSecond paragraph.",
        image_url: null,
        image_alt: null,
      },
    ]);
    const list = await (await request("/blog")).text();
    expect(list).toContain("Walking With God");
    expect(list).toContain('href="/blog/walking-with-god"');
    expect((await request("/blog/walking-with-god")).status).toBe(200);
  });

  it("stores 'No Category' as no category, and refuses a category that does not exist", async () => {
    await postForm("/admin/blogs/new", { ...valid, category_id: "" }, { cookie });
    expect((await blogs())[0]).toMatchObject({ category_id: null });

    const response = await postForm("/admin/blogs/new", { ...valid, title: "Second Post", category_id: "99" }, { cookie });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(BLOG_CATEGORY_UNKNOWN);
    expect(controlOf(page, "title")).toContain('value="Second Post"');
    expect(await blogs()).toHaveLength(1);
  });

  it("refuses empty fields with the spec's messages, all at once, and keeps what was typed", async () => {
    const blank = { intent: "save", title: "", slug: "", author: " ", date: "", category_id: "", excerpt: "", content: "", image_alt: "" };
    const response = await postForm("/admin/blogs/new", blank, { cookie });
    expect(response.status).toBe(400);
    const page = await response.text();
    for (const message of ["Title is required", "Slug is required", "Author is required", "Date is required", "Excerpt is required", "Content is required"]) {
      expect(page).toContain(message);
    }
    // The toast, the one message a phone's first screen shows of a long form, says how many more the form marks.
    const marked = [...page.matchAll(/<p id="[^"]+-error"[^>]*>/g)].length;
    expect(marked).toBeGreaterThanOrEqual(6);
    expect(page).toContain(`Title is required (and ${marked - 1} more problems, marked on the form)`);

    const partly = await postForm("/admin/blogs/new", { ...valid, content: "", date: "2026-02-30", image_alt: "Sunrise" }, { cookie });
    expect(partly.status).toBe(400);
    const kept = await partly.text();
    expect(kept).toContain("Content is required");
    expect(kept).toContain(BLOG_DATE_INVALID);
    expect(controlOf(kept, "title")).toContain('value="Walking With God"');
    expect(controlOf(kept, "slug")).toContain('value="walking-with-god"');
    expect(controlOf(kept, "author")).toContain('value="Rev. Chikondi Banda"');
    expect(controlOf(kept, "date")).toContain('value="2026-02-30"');
    expect(optionsOf(kept, "category_id").selected).toBe("Teaching");
    expect(kept).toContain(">A short devotional.</textarea>");
    expect(controlOf(kept, "image_alt")).toContain('value="Sunrise"');
    expect(await blogs()).toEqual([]);
  });

  it("refuses a badly formed typed slug, and a slug another post uses, with a message on the slug", async () => {
    const badly = await postForm("/admin/blogs/new", { ...valid, slug_auto: "", slug: "Walking_With_God" }, { cookie });
    expect(badly.status).toBe(400);
    expect(await badly.text()).toContain(SLUG_FORMAT_MESSAGE);

    await runSql([insertBlog(1, "Existing", "2026-01-01T00:00:00.000Z", "2026-01-01")]);
    const taken = await postForm("/admin/blogs/new", { ...valid, slug_auto: "", slug: "post-1" }, { cookie });
    expect(taken.status).toBe(409);
    const page = await taken.text();
    expect(page).toContain("This slug is already used by another blog post. Please choose a different one.");
    expect(controlOf(page, "slug")).toContain('value="post-1"');
    expect(await blogs()).toHaveLength(1);
  });

  it("a save refused for its slug keeps the picture it brought, stored and in the form, so saving again shows it (uploaded by the browser, or posted without JavaScript)", async () => {
    await runSql([insertBlog(1, "Existing", "2026-01-01T00:00:00.000Z", "2026-01-01")]);
    const form = new FormData();
    form.set("kind", "blog");
    form.set("name", "sunrise.png");
    form.append("w480", new Blob([fixtureBytes("png")], { type: "image/png" }), "w480");
    const uploaded = (await (await request("/api/admin/images", { method: "POST", cookie, body: form })).json<{ url: string }>()).url;
    const byBrowser = await postForm("/admin/blogs/new", { ...valid, slug_auto: "", slug: "post-1", image_url: uploaded }, { cookie });
    const withoutScript = await postMultipart("/admin/blogs/new", { ...valid, slug_auto: "", slug: "post-1", image_file: new File([fixtureBytes("png")], "a.png", { type: "image/png" }) }, { cookie });
    expect([byBrowser.status, withoutScript.status]).toEqual([409, 409]);
    const kept = [uploaded, (await withoutScript.text()).match(/name="image_url"[^>]*value="(\/images\/[^"]+)"/)?.[1]];
    expect(controlOf(await byBrowser.text(), "image_url")).toContain(`value="${uploaded}"`);
    expect(kept[1]).toMatch(/^\/images\/blog-images\//);
    // The clean-up a refused save used to run after its answer would have deleted them by now.
    for (let look = 0; look < 10; look++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (const url of kept) expect((await request(url!)).status, `${url} after ${look * 20} ms`).toBe(200);
    }
    // Saving again with another slug publishes the picture, whole.
    expect((await postForm("/admin/blogs/new", { ...valid, slug_auto: "", slug: "walking-with-god", image_url: kept[1]! }, { cookie })).status).toBe(302);
    expect((await request(kept[1]!)).status).toBe(200);
  });

  it("opens an existing post with its values and auto-generate off, and saves the changes", async () => {
    await runSql([insertBlog(4, "Old Title", "2026-01-01T00:00:00.000Z", "2026-01-15", 2)]);
    const page = await (await request("/admin/blogs/edit/4", { cookie })).text();
    expect(page).toContain("Edit Blog");
    expect(page).toContain("Update Blog");
    expect(controlOf(page, "title")).toContain('value="Old Title"');
    expect(controlOf(page, "slug")).toContain('value="post-4"');
    expect(controlOf(page, "slug_auto")).not.toContain('checked=""');
    expect(controlOf(page, "date")).toContain('value="2026-01-15"');
    expect(optionsOf(page, "category_id").selected).toBe("News");
    expect(page).toContain(">Content 4</textarea>");

    const response = await postForm("/admin/blogs/edit/4", { ...valid, version: "1", title: "New Title", slug: "post-4", slug_auto: "", category_id: "" }, { cookie });
    expect(response.headers.get("Location")).toBe("/admin?tab=blogs");
    expect(await toastOf(response)).toEqual({ title: "Blog updated successfully" });
    expect(await blogs()).toEqual([expect.objectContaining({ id: 4, title: "New Title", slug: "post-4", date: "2026-03-05", category_id: null })]);
  });

  it("stores an uploaded image under blog-images/blogs/ and deletes it with the post, asking first", async () => {
    const upload = await postMultipart("/admin/blogs/new", { ...valid, image_file: new File([fixtureBytes("webp")], "photo.webp", { type: "image/webp" }) }, { cookie });
    expect(await toastOf(upload)).toEqual({ title: "Blog created successfully" });
    const [created] = await blogs();
    expect(created!.image_url).toMatch(/^\/images\/blog-images\/blogs\/[a-z0-9]+\.webp$/);
    const stored = await env.IMAGES.get(created!.image_url!.replace("/images/", ""));
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(fixtureBytes("webp"));

    const dialog = await blogsTab("&delete=1");
    expect(dialog).toMatch(/<dialog[^>]*open=""/);
    expect(dialog).toContain("Delete blog post?");

    const response = await postForm("/admin/blogs/edit/1", { intent: "delete" }, { cookie });
    expect(response.headers.get("Location")).toBe("/admin?tab=blogs");
    expect(await toastOf(response)).toEqual({ title: "Blog deleted successfully" });
    expect(await blogs()).toEqual([]);
    expect((await env.IMAGES.list()).objects).toHaveLength(0);
  });

  it("keeps the previous image when an upload is refused, with the spec's 'Upload Error'", async () => {
    await postMultipart("/admin/blogs/new", { ...valid, image_file: new File([fixtureBytes("gif")], "a.gif", { type: "image/gif" }) }, { cookie });
    const [first] = await blogs();
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], "b.gif", { type: "image/gif" });
    const refused = await postMultipart("/admin/blogs/edit/1", { ...valid, version: "1", excerpt: "Changed.", image_url: first!.image_url!, image_file: svg }, { cookie });
    expect(await toastOf(refused)).toMatchObject({ title: "Upload Error", description: expect.stringMatching(/^Failed to upload image\. /), variant: "destructive" });
    expect((await blogs())[0]).toMatchObject({ excerpt: "Changed.", image_url: first!.image_url });
    expect((await env.IMAGES.list()).objects).toHaveLength(1);
  });

  it("fails cleanly when the post was deleted meanwhile, for a save and for a delete", async () => {
    const save = await postForm("/admin/blogs/edit/42", valid, { cookie });
    expect(save.headers.get("Location")).toBe("/admin/account/unsaved"); // what was typed is kept there (decision 037)
    expect(await toastOf(save)).toEqual({ title: "Error", description: "Failed to update blog: this record no longer exists.", variant: "destructive" });
    const remove = await postForm("/admin/blogs/edit/42", { intent: "delete" }, { cookie });
    expect(await toastOf(remove)).toEqual({ title: "Error", description: "Failed to delete blog: it no longer exists.", variant: "destructive" });
    expect(await blogs()).toEqual([]);
  });

  it("sends a failed load back to the tab with 'Could not fetch blog data'", async () => {
    for (const id of ["42", "abc"]) {
      const response = await request(`/admin/blogs/edit/${id}`, { cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin?tab=blogs");
      expect(await toastOf(response)).toEqual({ title: "Error", description: "Could not fetch blog data", variant: "destructive" });
    }
    await runSql(["DROP TABLE churchblogs"]);
    expect(await toastOf(await request("/admin/blogs/edit/1", { cookie }))).toMatchObject({ description: "Could not fetch blog data" });
  });

  it("still opens and saves with 'No Category' when the categories cannot be read", async () => {
    await runSql([insertBlog(1, "Kept Post", "2026-01-01T00:00:00.000Z", "2026-01-01")]);
    // The categories query fails (a column it reads is gone) while the table itself is still there.
    await runSql(["ALTER TABLE blog_categories RENAME COLUMN name TO label"]);
    for (const path of ["/admin/blogs/new", "/admin/blogs/edit/1"]) {
      const page = await (await request(path, { cookie })).text();
      expect(page).toContain("Failed to load categories");
      expect(optionsOf(page, "category_id").labels).toEqual(["No Category"]);
    }
    expect((await (await request("/admin/blogs/edit/1", { cookie })).text())).toContain('value="Kept Post"');

    const response = await postForm("/admin/blogs/edit/1", { ...valid, version: "1", slug_auto: "", slug: "post-1", category_id: "" }, { cookie });
    expect(await toastOf(response)).toEqual({ title: "Blog updated successfully" });
    expect((await blogs())[0]).toMatchObject({ title: "Walking With God", category_id: null });
  });
});
