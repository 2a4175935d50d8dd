// The blog list and a post (SPEC section 2): newest first, 'date • By author', links by slug or id,
// the post by slug then by numeric id, and the not-found page.
import { describe, expect, it } from "vitest";
import { runSql, seedReference } from "./helpers";
import { dropTable, getPage, isAscending, positions } from "./public-helpers";

const POSTS = [
  "INSERT INTO churchblogs (id, slug, title, date, author, excerpt, content, image_url, category_id) VALUES (1, 'walking-humbly', 'Walking Humbly', '2026-01-15', 'Rev. Chikondi Banda', 'On humility.', 'First line.\nSecond line.\n\nAfter a blank line.', '/media/blog/sunrise-devotional-1600w.webp', 1)",
  "INSERT INTO churchblogs (id, slug, title, date, author, excerpt, content, image_url, category_id) VALUES (2, 'older-news', 'Older News', '2025-12-01', 'Mphatso Phiri', 'Old news.', 'Old content.', NULL, 2)",
  "INSERT INTO churchblogs (id, slug, title, date, author, excerpt, content, image_url, category_id) VALUES (3, '', 'A Post Without Slug', '2026-02-20', 'Blessings Chirwa', 'No slug here.', 'Reached by id.', NULL, NULL)",
];

describe("blog list", () => {
  it("shows every post newest first with category, 'date • By author', excerpt and a Read More link", async () => {
    await seedReference();
    await runSql(POSTS);
    const { html, main, text } = await getPage("/blog");
    expect(html).toContain("<title>Blog &amp; Devotionals | Baptist Men Malawi</title>");
    expect(text).toContain("Blog & Devotionals");
    expect(isAscending(positions(text, ["A Post Without Slug", "Walking Humbly", "Older News"]))).toBe(true);
    expect(text).toContain("Devotional Walking Humbly January 15, 2026 • By Rev. Chikondi Banda On humility.");
    expect(text).toContain("News Older News December 1, 2025 • By Mphatso Phiri Old news.");
    expect(main).toMatch(/href="\/blog\/walking-humbly"[^>]*>Read More/);
    expect(main).toMatch(/href="\/blog\/3"[^>]*>Read More/); // no slug: by id
    expect(main).toContain('src="/media/blog/sunrise-devotional-960w.webp"');
  });

  it("says 'Coming soon' when there are no posts", async () => {
    const { text } = await getPage("/blog");
    expect(text).toContain("Coming soon: Articles, devotionals, and ministry updates to encourage your faith journey.");
  });

  it("only logs a failed list and shows the empty state", async () => {
    await dropTable("churchblogs");
    const { response, text } = await getPage("/blog");
    expect(response.status).toBe(200);
    expect(text).toContain("Coming soon: Articles, devotionals, and ministry updates to encourage your faith journey.");
  });
});

describe("blog post", () => {
  it("shows a post by slug: image, back link, category, title, date and author, and its lines as paragraphs", async () => {
    await seedReference();
    await runSql(POSTS);
    const { response, html, main, text } = await getPage("/blog/walking-humbly");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Walking Humbly | Baptist Men Malawi</title>");
    expect(html).toContain('<meta name="description" content="On humility."/>');
    expect(isAscending(positions(main, ["sunrise-devotional", "Back to all blogs", "Devotional", "Walking Humbly</h1>", "January 15, 2026"]))).toBe(true);
    expect(text).toContain("January 15, 2026 • By Rev. Chikondi Banda");
    expect(main).toMatch(/href="\/blog"[^>]*>[\s\S]*?Back to all blogs/);
    expect(main).toContain("<p>First line.</p><p>Second line.</p><br/><p>After a blank line.</p>");
  });

  it("finds a post by its numeric id when no slug matches", async () => {
    await seedReference();
    await runSql(POSTS);
    const { response, main } = await getPage("/blog/3");
    expect(response.status).toBe(200);
    expect(main).toMatch(/<h1[^>]*>A Post Without Slug<\/h1>/);
  });

  it("prefers a slug over an id when a numeric slug exists", async () => {
    await seedReference();
    await runSql([...POSTS, "INSERT INTO churchblogs (id, slug, title, date, author, excerpt, content) VALUES (4, '2', 'Slug Two', '2026-03-01', 'A', 'E', 'C')"]);
    const { main } = await getPage("/blog/2");
    expect(main).toMatch(/<h1[^>]*>Slug Two<\/h1>/);
  });

  it("answers 404 with the spec's not-found page for an unknown post", async () => {
    for (const path of ["/blog/no-such-post", "/blog/999"]) {
      const { response, main, text } = await getPage(path);
      expect(response.status).toBe(404);
      expect(text).toContain("Blog Post Not Found");
      expect(text).toContain("The blog post you're looking for doesn't exist or has been removed.");
      expect(main).toMatch(/href="\/blog"[^>]*>Return to all blogs</);
    }
  });

  it("shows the not-found page when the post cannot be loaded", async () => {
    await dropTable("churchblogs");
    const { response, text } = await getPage("/blog/walking-humbly");
    expect(response.status).toBe(404);
    expect(text).toContain("Blog Post Not Found");
  });
});
