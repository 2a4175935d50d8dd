// The home page (SPEC section 2): its sections in order, the teasers' limits, orders and
// fallbacks, and what a visitor sees when part of the database fails.
import { describe, expect, it } from "vitest";
import { runSql, seedDemo, seedReference } from "./helpers";
import { dropTable, getPage, isAscending, positions, sectionHtml, textOf } from "./public-helpers";

async function home() {
  const page = await getPage("/");
  const section = (id: string) => {
    const html = sectionHtml(page.html, id);
    return { html, text: textOf(html) };
  };
  return { ...page, section };
}

/** The id of the carousel's heading (useId, so read it from the page). */
function testimoniesSection(html: string) {
  const id = /<section aria-labelledby="([^"]+)"[^>]*>(?:(?!<\/section>)[\s\S])*?aria-roledescription="carousel"/.exec(html)?.[1];
  if (!id) throw new Error("no testimonies carousel");
  const section = sectionHtml(html, id);
  return { html: section, text: textOf(section) };
}

describe("home page", () => {
  it("shows its sections in the spec's order, each once", async () => {
    await seedDemo();
    const { response, html } = await home();
    expect(response.status).toBe(200);
    const order = ['id="hero-heading"', 'id="home-mission"', 'id="home-ministries"', 'id="home-events"', 'aria-roledescription="carousel"', 'id="home-join"'];
    expect(isAscending(positions(html, order))).toBe(true);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain("<title>Baptist Men&#x27;s Ministry Malawi</title>");
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
  });

  it("hero: a verse first, every other message hidden, the two buttons and the conference card", async () => {
    const { section } = await home();
    const hero = section("hero-heading");
    const figures = hero.html.match(/<figure[^>]*>/g)!;
    expect(figures.length).toBeGreaterThan(2);
    expect(figures[0]).not.toContain("aria-hidden");
    expect(figures.slice(1).every((tag) => tag.includes('aria-hidden="true"') && tag.includes("invisible"))).toBe(true);
    expect(hero.text).toContain("“Be on your guard; stand firm in the faith; be courageous; be strong. Do everything in love.” 1 Corinthians 16:13-14");
    expect(hero.html).toMatch(/<a[^>]*href="\/associations"[^>]*>Find Association<\/a>/);
    expect(hero.html).toMatch(/<a[^>]*href="\/about"[^>]*>Learn More<span class="sr-only"> about us<\/span><\/a>/);
    expect(hero.html).toMatch(/<a[^>]*href="\/events"[^>]*>Register Now<\/a>/);
    // The hero's pause control only appears once JavaScript can make it work.
    expect(hero.text).not.toContain("Pause");
  });

  it("conference card: zeros once 12 June 2025 08:00 in Malawi has passed, with the date and a Lilongwe venue", async () => {
    const { html } = await home();
    for (const unit of ["days", "hours", "minutes", "seconds"]) expect(html).toMatch(new RegExp(`data-unit="${unit}"[^>]*>00<`));
    expect(textOf(html)).toContain("Thursday, June 12, 2025 · 8:00 AM");
    expect(textOf(html)).toContain("Area 47, Lilongwe");
  });

  it("mission section: the four values and a link to /about", async () => {
    const { section } = await home();
    const mission = section("home-mission");
    expect(isAscending(positions(mission.text, ["Faith-Centered", "Brotherhood", "Service", "Discipleship"]))).toBe(true);
    expect(mission.html).toContain('href="/about"');
  });

  it("ministries teaser: the first three active ministries in sort order, each linking to its page", async () => {
    await seedDemo();
    const { section } = await home();
    const ministries = section("home-ministries");
    expect(ministries.text).toContain("Our Ministries");
    expect(isAscending(positions(ministries.text, ["Youth Mentorship", "Community Outreach", "Men's Discipleship"]))).toBe(true);
    expect(ministries.text).not.toContain("Prayer Fellowship"); // fourth in sort order
    expect(ministries.text).not.toContain("Marriage and Family Enrichment"); // inactive
    for (const slug of ["youth-mentorship", "community-outreach", "discipleship"]) {
      expect(ministries.html).toMatch(new RegExp(`href="/ministries/${slug}"[^>]*>Learn more`));
    }
    expect(ministries.html).toMatch(/href="\/ministries"[^>]*>View All Ministries</);
    expect(ministries.html.match(/<article/g)).toHaveLength(3);
  });

  it("ministries teaser: the three built-in samples when there are no ministries", async () => {
    await seedReference();
    const { section } = await home();
    const ministries = section("home-ministries");
    expect(isAscending(positions(ministries.text, ["Youth Mentorship", "Community Outreach", "Men's Discipleship"]))).toBe(true);
    expect(ministries.html.match(/<article/g)).toHaveLength(3);
  });

  it("events teaser: the three soonest active events, dates in Malawi time, Register only where registration is open", async () => {
    await seedDemo();
    const { section } = await home();
    const events = section("home-events");
    // Seeded at 06:30, 14:00 and 08:00 Malawi time, 12, 40 and 65 days ahead.
    expect(isAscending(positions(events.text, ["Central Region Men's Prayer Breakfast", "Lake Malawi Men's Retreat", "Fathers and Sons Outreach Day"]))).toBe(true);
    expect(events.text).toMatch(/Central Region Men's Prayer Breakfast [A-Z][a-z]+ \d{1,2}, \d{4} - 6:30 AM/);
    expect(events.text).toMatch(/Lake Malawi Men's Retreat [A-Z][a-z]+ \d{1,2}, \d{4} - 2:00 PM/);
    expect(events.text).not.toContain("National Men's Conference 2027"); // fourth by date
    expect(events.text).not.toContain("Executive Committee Planning Meeting"); // inactive
    for (const id of [1, 2, 3]) expect(events.html).toMatch(new RegExp(`href="/events/${id}"[^>]*>Details`));
    expect(events.html).toContain('href="/events?register=1"');
    expect(events.html).toContain('href="/events?register=2"');
    expect(events.html).not.toContain('href="/events?register=3"'); // registration closed
    expect(events.html).toMatch(/href="\/events"[^>]*>View All Events</);
    expect(events.html).toContain("line-clamp-2");
  });

  it("events teaser: 'Date TBA', 'Location TBA', 'No description available' and the stock image for a bare event", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name, date, location, description, image_url, registration_enabled, active) VALUES (7, 'Leaders Retreat', NULL, NULL, NULL, NULL, 0, 1)",
    ]);
    const { section } = await home();
    const events = section("home-events");
    expect(events.text).toContain("Leaders Retreat Date TBA Location TBA No description available");
    expect(events.html).toContain('src="/media/events/sample-conference-960w.webp"');
    expect(events.html).not.toContain("/events?register=");
  });

  it("events teaser: the spec's message when there are no upcoming events", async () => {
    const { section } = await home();
    expect(section("home-events").text).toContain("No upcoming events at this time. Please check back soon.");
  });

  it("testimonies carousel: the five newest active testimonies, one shown at a time, with working buttons", async () => {
    await seedDemo();
    await runSql([
      "INSERT INTO church_testimonies (author, role, content, active, created_at) VALUES ('Oldest Voice', 'Member', 'An older testimony that should not make the five newest.', 1, '2001-01-01T00:00:00.000Z')",
    ]);
    const { html } = await home();
    const carousel = testimoniesSection(html);
    const authors = ["Yamikani Nkhoma", "Thokozani Gondwe", "Limbani Mhango", "Dalitso Tembo", "Madalitso Jere"];
    expect(isAscending(positions(carousel.text, authors))).toBe(true);
    expect(carousel.text).not.toContain("Oldest Voice"); // sixth newest
    expect(carousel.text).not.toContain("Pending Review"); // inactive
    const slides = carousel.html.match(/<div[^>]*aria-roledescription="slide"[^>]*>/g)!;
    expect(slides).toHaveLength(5);
    expect(slides.filter((tag) => !tag.includes('aria-hidden="true"'))).toHaveLength(1);
    expect(carousel.html).toMatch(/<button(?![^>]*disabled="")[^>]*aria-label="Next testimony"/);
    expect(carousel.html).toMatch(/href="\/testimonies"[^>]*>Read more testimonies/);
  });

  it("testimonies carousel: previous and next are disabled when there is only one testimony", async () => {
    await runSql(["INSERT INTO church_testimonies (author, role, content) VALUES ('Only One', 'Member', 'The only testimony on the site so far.')"]);
    const carousel = testimoniesSection((await home()).html);
    expect(carousel.text).toContain("Only One");
    expect(carousel.html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Previous testimony"/);
    expect(carousel.html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Next testimony"/);
  });

  it("testimonies carousel: three built-in samples when there are none", async () => {
    const carousel = testimoniesSection((await home()).html);
    expect(carousel.html.match(/aria-roledescription="slide"/g)).toHaveLength(3);
  });

  it("join call to action: 'Find a Chapter' and 'Support Our Mission'", async () => {
    const { section } = await home();
    const join = section("home-join");
    expect(join.html).toMatch(/<a[^>]*href="\/associations"[^>]*>Find a Chapter<\/a>/);
    expect(join.html).toMatch(/<a[^>]*href="\/give"[^>]*>Support Our Mission<\/a>/);
  });

  it("a failed events query shows the events message and leaves the other sections intact", async () => {
    await seedDemo();
    await dropTable("event_registrations");
    await dropTable("churchevents");
    const { response, section, html } = await home();
    expect(response.status).toBe(200);
    expect(section("home-events").text).toContain("Failed to load events. Please try again.");
    expect(section("home-ministries").text).toContain("Pairing older men with boys"); // the database's, not a sample's
    expect(testimoniesSection(html).text).toContain("Yamikani Nkhoma");
    expect(html).not.toMatch(/no such table|SQLITE|Failed query/);
  });

  it("a failed testimonies query falls back to the samples", async () => {
    await seedDemo();
    await dropTable("church_testimonies");
    const { html, section } = await home();
    const carousel = testimoniesSection(html);
    expect(carousel.html.match(/aria-roledescription="slide"/g)).toHaveLength(3);
    expect(carousel.text).not.toContain("Yamikani Nkhoma");
    expect(section("home-events").text).toContain("Central Region Men's Prayer Breakfast");
  });
});
