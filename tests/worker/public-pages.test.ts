// About, Mission, Leadership, Ministries, a ministry's page and Testimonies (SPEC section 2):
// active records only, in the spec's order, with its empty and failure messages.
import { describe, expect, it } from "vitest";
import { request, runSql, seedDemo, seedReference } from "./helpers";
import { decodeToast, dropTable, getPage, isAscending, positions, textOf } from "./public-helpers";

function expectNoInternals(html: string) {
  expect(html).not.toMatch(/no such table|SQLITE|Failed query|DrizzleQueryError|\n\s+at /);
}

describe("about page", () => {
  it("has the mission, history and leadership anchors the header links to, with the timeline in order", async () => {
    const { response, html, text } = await getPage("/about");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>About Us | Baptist Men Malawi</title>");
    for (const id of ["mission", "history", "leadership"]) expect(html).toContain(`id="${id}"`);
    expect(isAscending(positions(html, ['id="mission"', 'id="history"', 'id="leadership"']))).toBe(true);
    expect(text).toContain("Our Mission");
    expect(text).toContain("Our History");
    expect(text).toContain("Leadership Team");
    expect(isAscending(positions(text, ["1970s", "Early Beginnings", "1990s", "1994", "2000s", "Growth and Development", "Present Day"]))).toBe(true);
    expect(text).toMatch(/In 1994 the Baptist Convention of Malawi established the men's ministry as a national department/);
    expect(html).toMatch(/href="\/mission"/);
    expect(html).toMatch(/href="\/leadership"/);
  });
});

describe("mission page", () => {
  it("shows the statement, purpose, vision, three core values and four focus areas", async () => {
    const { html, text } = await getPage("/mission");
    expect(html).toContain("<title>Mission &amp; Vision | Baptist Men Malawi</title>");
    expect(
      isAscending(
        positions(text, [
          "Our Mission",
          "Our Purpose",
          "Our Vision",
          "Faith-Centered",
          "Brotherhood",
          "Service",
          "Discipleship & Spiritual Formation",
          "Leadership Development",
          "Family Strengthening",
          "Community Impact",
        ]),
      ),
    ).toBe(true);
    expect(text).not.toMatch(/lorem ipsum/i);
  });
});

describe("leadership page", () => {
  it("groups active members by position type, by rank, with titles, regions and contact links", async () => {
    await seedDemo();
    const { html, main, text } = await getPage("/leadership");
    expect(html).toContain("<title>Leadership Team | Baptist Men Malawi</title>");
    expect(text).toContain("Leadership Team");
    const nec = text.slice(text.indexOf("National Executive Committee"), text.indexOf("Regional Coordinators"));
    const regional = text.slice(text.indexOf("Regional Coordinators"));
    expect(
      isAscending(
        positions(nec, [
          "Rev. Chikondi Banda President",
          "Mr. Mphatso Phiri Vice President",
          "Pastor Kondwani Mwale General Secretary",
          "Mr. Blessings Chirwa Treasurer",
          "Mr. Chifundo Kamanga Discipleship Coordinator",
        ]),
      ),
    ).toBe(true);
    for (const region of ["Northern", "Central", "Southern"]) expect(regional).toContain(`Regional Coordinator - ${region} Region`);
    expect(nec).not.toContain("Region");
    expect(text).not.toContain("Former Treasurer"); // inactive
    expect(main).toContain('href="mailto:president@baptistmen.mw"');
    expect(main).toContain('href="tel:+265999123456"');
    // Chifundo Kamanga has no photo: a circle with his initial.
    expect(main).toMatch(/<div aria-hidden="true"[^>]*rounded-full[^>]*>C<\/div>/);
    expect(main).toContain('alt="Photo of Chikondi Banda"');
  });

  it("keeps a member whose position is gone, as 'Unknown Position' at the end of the first group", async () => {
    await seedDemo();
    await runSql(["INSERT INTO leadership_members (full_name, position_id, bio) VALUES ('Aaron Unplaced', NULL, 'Awaiting a new role.')"]);
    const { text } = await getPage("/leadership");
    const nec = text.slice(text.indexOf("National Executive Committee"), text.indexOf("Regional Coordinators"));
    expect(isAscending(positions(nec, ["Discipleship Coordinator", "Aaron Unplaced Unknown Position"]))).toBe(true);
  });

  it("shows a title typed into the name too only once ('Rev. Dr. Yohane Kaunda', never 'Rev. Rev. Dr. …')", async () => {
    await seedDemo();
    await runSql([
      "INSERT INTO leadership_members (full_name, title, position_id, bio) VALUES ('Rev. Dr. Yohane Kaunda', 'Rev.', NULL, 'Twice titled.')",
      "INSERT INTO leadership_members (full_name, title, position_id, bio) VALUES ('Mphatso Banda', 'Pastor', NULL, 'Titled once.')",
    ]);
    const { text } = await getPage("/leadership");
    expect(text).toContain("Rev. Dr. Yohane Kaunda");
    expect(text).not.toContain("Rev. Rev.");
    expect(text).toContain("Pastor Mphatso Banda");
  });

  it("says so when there are no members yet", async () => {
    await seedReference();
    const { text } = await getPage("/leadership");
    expect(text).toContain("No leadership team members have been added yet. Please check back later.");
    expect(text).not.toContain("National Executive Committee");
  });

  it("shows the spec's message when the data cannot be loaded", async () => {
    await seedDemo();
    await dropTable("leadership_members");
    const { response, html, text } = await getPage("/leadership");
    expect(response.status).toBe(503);
    expect(text).toContain("Failed to load leadership team data");
    expectNoInternals(html);
  });
});

describe("ministries page", () => {
  it("lists active ministries in sort order, each card anchored by its slug and linking to its page", async () => {
    await seedDemo();
    await runSql([
      "INSERT INTO ministries (title, slug, short_description, full_description, image_url, sort_order) VALUES ('Hospital Visitation', 'hospital-visitation', 'Visiting the sick.', 'Visiting the sick in hospital.', NULL, 0)",
    ]);
    const { html, main, text } = await getPage("/ministries");
    expect(html).toContain("<title>Our Ministries | Baptist Men Malawi</title>");
    expect(text).toContain("Our Ministries");
    expect(isAscending(positions(text, ["Hospital Visitation", "Youth Mentorship", "Community Outreach", "Men's Discipleship", "Prayer Fellowship"]))).toBe(true);
    expect(text).not.toContain("Marriage and Family Enrichment"); // inactive
    for (const slug of ["youth-mentorship", "community-outreach", "discipleship", "prayer-fellowship", "hospital-visitation"]) {
      expect(main).toMatch(new RegExp(`<article id="${slug}"[\\s\\S]*?href="/ministries/${slug}"`));
    }
    expect(textOf(main.slice(main.indexOf('<article id="hospital-visitation"')))).toMatch(/^No image Hospital Visitation/);
  });

  it("shows the ministry named by ?slug= in full above the grid", async () => {
    await seedDemo();
    const { main } = await getPage("/ministries?slug=community-outreach");
    const inline = main.slice(0, main.indexOf("<article id="));
    expect(textOf(inline)).toContain("Community Outreach");
    expect(inline).toContain("<p>Faith without works is dead. Our men put their faith to work in the communities around their churches.</p>");
    expect(inline.match(/<p>/g)).toHaveLength(3);
  });

  it("shows nothing inline for an unknown or inactive ?slug=", async () => {
    await seedDemo();
    for (const slug of ["family-enrichment", "no-such-ministry"]) {
      const { main } = await getPage(`/ministries?slug=${slug}`);
      expect(main).not.toContain('id="selected-ministry"');
      expect(main).toContain('id="youth-mentorship"');
    }
  });

  it("says so when there are no ministries", async () => {
    const { text } = await getPage("/ministries");
    expect(text).toContain("No ministries have been added yet. Please check back later.");
  });

  it("shows the spec's message when the ministries cannot be loaded", async () => {
    await dropTable("ministries");
    const { response, html, text } = await getPage("/ministries");
    expect(response.status).toBe(503);
    expect(text).toContain("Failed to load ministries");
    expectNoInternals(html);
  });
});

describe("a ministry's page", () => {
  it("shows the title, short description, image and the full description as paragraphs", async () => {
    await seedDemo();
    const { response, html, main, text } = await getPage("/ministries/youth-mentorship");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Youth Mentorship | Baptist Men Malawi</title>");
    expect(main).toMatch(/<h1[^>]*>Youth Mentorship<\/h1>/);
    expect(text).toContain("Pairing older men with boys and young men to guide them in faith, character and life skills.");
    expect(main).toMatch(/<img[^>]*src="\/media\/ministries\/youth-mentorship-960w.webp"[^>]*alt="Youth Mentorship: illustration"/);
    expect(main.match(/<p>(Many boys|Mentors pray|Each association)/g)).toHaveLength(3);
  });

  it("sends an unknown or inactive ministry to /ministries with a 'Ministry not found' toast", async () => {
    await seedDemo();
    for (const slug of ["no-such-ministry", "family-enrichment"]) {
      const response = await request(`/ministries/${slug}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/ministries");
      expect(await decodeToast(response)).toMatchObject({ title: "Error", description: "Ministry not found", variant: "destructive" });
    }
  });

  it("shows the toast on the ministries page it redirects to, without JavaScript", async () => {
    const redirect = await request("/ministries/no-such-ministry");
    const cookie = redirect.headers.getSetCookie()[0]!.split(";")[0]!;
    const page = await request("/ministries", { cookie });
    expect(textOf(await page.text())).toContain("Ministry not found");
  });

  it("sends a failed load to /ministries with 'Failed to load ministry details'", async () => {
    await dropTable("ministries");
    const response = await request("/ministries/youth-mentorship");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/ministries");
    expect(await decodeToast(response)).toMatchObject({ description: "Failed to load ministry details", variant: "destructive" });
  });
});

describe("testimonies page", () => {
  it("shows every active testimony, newest first, quoted with author and role", async () => {
    await seedDemo();
    await runSql([
      "INSERT INTO church_testimonies (author, role, content, created_at) VALUES ('Oldest Voice', NULL, 'An older testimony, still worth reading.', '2001-01-01T00:00:00.000Z')",
    ]);
    const { html, text } = await getPage("/testimonies");
    expect(html).toContain("<title>Testimonies | Baptist Men Malawi</title>");
    const authors = ["Yamikani Nkhoma", "Thokozani Gondwe", "Limbani Mhango", "Dalitso Tembo", "Madalitso Jere", "Oldest Voice"];
    expect(isAscending(positions(text, authors))).toBe(true);
    expect(text).toContain("“I came to the men's retreat tired and far from God.");
    expect(text).toContain("Yamikani Nkhoma Elder, Mzuzu");
    expect(text).not.toContain("Pending Review"); // inactive
  });

  it("says so when there are none", async () => {
    const { text } = await getPage("/testimonies");
    expect(text).toContain("Testimonies will be added soon. Please check back later.");
  });

  it("shows 'Error: {message}' inline when they cannot be loaded", async () => {
    await dropTable("church_testimonies");
    const { response, html, text } = await getPage("/testimonies");
    expect(response.status).toBe(503);
    expect(text).toMatch(/Error: \S/);
    expectNoInternals(html);
  });
});
