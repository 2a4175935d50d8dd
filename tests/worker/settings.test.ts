// The ministry runs its own site (issue: settings, editable page copy, a conference card that never
// goes stale): what an administrator saves in /admin/settings and /admin/pages reaches every place
// that shows it on the next visit; a fresh install shows the spec's texts; bad input and stale forms
// are refused without losing anything.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, postForm, request, runSql, seedDemo, seedReference, signIn, toastOf } from "./helpers";
import { getPage, mainHtml, textOf } from "./public-helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
});

async function stored(key: string) {
  const row = await env.DB.prepare("SELECT value, version FROM site_settings WHERE key = ?1").bind(key).first<{ value: string; version: number }>();
  return row && { value: JSON.parse(row.value) as Record<string, unknown>, version: row.version };
}

const CONTACT = {
  address_lines: "Area 3, Plot 12\nBlantyre\nMalawi",
  contact_phone: "+265 888 777 666",
  more_phones: "0999 111 222",
  president_email: "Chair@Example.MW",
  events_email: "gatherings@example.mw",
  office_hours: "Tuesday - Thursday: 9:00 AM - 3:00 PM",
  map_latitude: "-15.7861",
  map_longitude: "35.0058",
};

const ORGANISATION = {
  name: "Baptist Brothers of Malawi",
  short_name: "Baptist Brothers",
  tagline: "Brothers in Christ, serving the nation",
  footer_text: "Brothers of the Baptist Convention, standing together.",
  parent_body: "Baptist Convention of Malawi",
};

/** Saves one section as the admin's form does (from the version it was opened at). */
async function save(page: "/admin/settings" | "/admin/pages", section: string, fields: Record<string, string>, version?: number) {
  const current = version ?? (await stored(section))?.version ?? 0;
  return postForm(page, { section, version: String(current), ...fields }, { cookie });
}

function jsonLdOf(html: string) {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

describe("a fresh install", () => {
  it("shows the spec's texts, contact details and conference card, and offers every setting to change", async () => {
    await seedReference();
    const contact = await getPage("/contact");
    expect(contact.text).toContain("Falls Area 1, Lilongwe, Malawi");
    expect(contact.text).toContain("+265 999 123 456");
    expect(contact.text).toContain("president@baptistmen.mw");
    expect(contact.text).toContain("Monday - Friday: 8:00 AM - 5:00 PM");
    expect(contact.main).toContain('href="https://www.openstreetmap.org/?mlat=-13.9626&amp;mlon=33.7741#map=16/-13.9626/33.7741"');
    expect(contact.text).not.toContain("Follow Us"); // no social links yet

    const home = await getPage("/");
    expect(home.text).toContain("Strong and Courageous 2025");
    expect(home.text).toContain("Area 47, Lilongwe");
    expect(home.main).toMatch(/data-target="2025-06-12T06:00:00.000Z"/);
    expect(home.main).toMatch(/href="\/events"[^>]*>Register Now/);

    const form = await (await request("/admin/settings", { cookie })).text();
    for (const name of ["name", "short_name", "tagline", "footer_text", "parent_body", "address_lines", "contact_phone", "president_email", "events_email", "office_hours", "map_latitude", "map_longitude", "facebook_url", "whatsapp_url", "youtube_url", "verses[0].text", "testimonials[0].quote", "conference_mode", "conference_event_id", "starts_at"]) {
      expect(form, name).toContain(`name="${name}"`);
    }
    for (const button of ["Save organisation details", "Save contact details", "Save social links", "Save home hero", "Save conference card"]) {
      expect(form).toContain(button);
    }
    expect(form).toContain('value="+265 999 123 456"');
    // Each verse's fields are a group named for it ("Verse 2"): a screen reader tells its "Reference" from the others'.
    for (const [index, verse] of ["Verse 1", "Verse 2"].entries()) {
      const group = new RegExp(`<p id="([^"]+)"[^>]*>${verse}</p>\\s*<div role="group" aria-labelledby="\\1"`).exec(form);
      expect(group, verse).not.toBeNull();
      const reference = form.indexOf(`name="verses[${index}].reference"`);
      expect(reference).toBeGreaterThan(group!.index);
      expect(reference).toBeLessThan(form.indexOf(`>Verse ${index + 2}<`) > 0 ? form.indexOf(`>Verse ${index + 2}<`) : Infinity);
    }
    // The two addresses say what they are for: changing one changes where messages go.
    expect(form).toContain("Every contact-form message is sent here, and replies to the newsletter come here.");
    expect(form).toContain("Replies to registration e-mails come here, and staff&#x27;s notices of registrations go here.");
  });

  it("shows the defaults when the settings table has no rows at all", async () => {
    const { text } = await getPage("/contact");
    expect(text).toContain("Falls Area 1, Lilongwe, Malawi");
  });
});

describe("saving settings", () => {
  beforeEach(() => seedDemo());

  it("changes the contact details everywhere they show, on the next visit", async () => {
    const saved = await save("/admin/settings", "contact", CONTACT);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/admin/settings#contact");
    expect(await toastOf(saved)).toMatchObject({ title: "Contact details saved" });

    const contact = await getPage("/contact");
    expect(contact.text).toContain("Area 3, Plot 12, Blantyre, Malawi");
    expect(contact.main).toContain('href="tel:+265888777666"');
    expect(contact.main).toContain('href="tel:0999111222"');
    expect(contact.main).toContain('href="mailto:chair@example.mw"');
    expect(contact.main).toContain('href="mailto:gatherings@example.mw"');
    expect(contact.text).toContain("Tuesday - Thursday: 9:00 AM - 3:00 PM");
    expect(contact.main).toContain("mlat=-15.7861&amp;mlon=35.0058");
    expect(contact.text).not.toContain("Falls Area 1");

    // The footer of every page: private pages and their not-found pages too (a giver with a question about his money phones the office).
    const token = "GiftThanksToken0123456";
    await runSql([`INSERT INTO gifts (receipt_number, amount, fund, phone_number, token) VALUES ('G-0001', 7500, 'General fund', '+265991000001', '${token}')`]);
    const unknown = "NoSuchToken01234567890";
    for (const path of ["/", "/about", "/blog", "/events/1", "/no-such-page", `/give/${token}`, `/give/${unknown}`, `/groups/${unknown}`, `/registrations/${unknown}`]) {
      const html = await (await request(path)).text();
      const footer = html.slice(html.indexOf("<footer"));
      expect(footer, path).toContain("+265 888 777 666");
      expect(footer, path).toContain("chair@example.mw");
      expect(footer, path).toContain("Area 3, Plot 12, Blantyre, Malawi");
    }

    // Structured data, and the events address as organiser of an event's calendar file.
    const home = await (await request("/")).text();
    const organisation = jsonLdOf(home).find((block) => block["@type"] === "Organization")!;
    expect(JSON.stringify(organisation)).toContain("+265 888 777 666");
    expect(JSON.stringify(organisation)).toContain("gatherings@example.mw");
    const ics = await (await request("/events/1/calendar.ics")).text();
    expect(ics).toContain("ORGANIZER;CN=\"Baptist Men's Ministry Malawi\":mailto:gatherings@example.mw");
  });

  it("changes the organisation's name in the header, footer, titles, link previews, feed, manifest and structured data", async () => {
    expect((await save("/admin/settings", "organisation", ORGANISATION)).status).toBe(302);
    const about = await (await request("/about")).text();
    expect(about).toContain("<title>About Us | Baptist Brothers</title>");
    expect(about).toContain('<meta property="og:site_name" content="Baptist Brothers of Malawi"/>');
    expect(textOf(about.slice(0, about.indexOf("<main")))).toContain("Baptist Brothers");
    const footer = textOf(about.slice(about.indexOf("<footer")));
    expect(footer).toContain("Brothers of the Baptist Convention, standing together.");
    expect(footer).toContain("Baptist Brothers of Malawi. A department of the Baptist Convention of Malawi.");

    // A page that reads nothing of its own still reads the settings for its frame.
    const subscribe = await (await request("/subscribe")).text();
    expect(subscribe).toContain("<title>Subscribe to our news | Baptist Brothers</title>");
    expect(textOf(subscribe.slice(subscribe.indexOf("<footer")))).toContain("Brothers of the Baptist Convention, standing together.");

    const home = await (await request("/")).text();
    expect(home).toContain("<title>Baptist Brothers of Malawi</title>");
    expect(textOf(mainHtml(home))).toContain("Brothers in Christ, serving the nation");
    expect(jsonLdOf(home).find((block) => block["@type"] === "Organization")).toMatchObject({ name: "Baptist Brothers of Malawi", alternateName: "Baptist Brothers" });

    const feed = await (await request("/blog/rss.xml")).text();
    expect(feed).toContain("<title>Baptist Brothers of Malawi: Blog &amp; Devotionals</title>");
    const manifest = (await (await request("/manifest.webmanifest")).json()) as { name: string; short_name: string };
    expect(manifest).toMatchObject({ name: "Baptist Brothers of Malawi", short_name: "Baptist Brothers" });
    const post = await (await request("/blog/rising-early-mark-1-35")).text();
    expect(jsonLdOf(post)[0]).toMatchObject({ publisher: { name: "Baptist Brothers of Malawi" } });
  });

  it("shows social links only when set, in the footer and on the contact page", async () => {
    const links = { facebook_url: "https://www.facebook.com/baptistmenmw", whatsapp_url: "", youtube_url: "https://www.youtube.com/@baptistmenmw" };
    expect((await save("/admin/settings", "social", links)).status).toBe(302);
    const contact = await getPage("/contact");
    expect(contact.main).toMatch(/href="https:\/\/www.facebook.com\/baptistmenmw"[^>]*>Facebook/);
    expect(contact.main).toMatch(/href="https:\/\/www.youtube.com\/@baptistmenmw"[^>]*>YouTube/);
    expect(contact.text).not.toContain("WhatsApp");
    const html = await (await request("/blog")).text();
    expect(html.slice(html.indexOf("<footer"))).toContain('href="https://www.facebook.com/baptistmenmw"');
    const organisation = jsonLdOf(await (await request("/")).text()).find((block) => block["@type"] === "Organization")!;
    expect(organisation.sameAs).toEqual([links.facebook_url, links.youtube_url]);
  });

  it("tells an Editor on Page copy where the home page's words are (Settings, an Administrator's)", async () => {
    await createAdmin("editor@example.org", "editor-password-123", "editor");
    const editor = await signIn("editor@example.org", "editor-password-123");
    const page = textOf(mainHtml(await (await request("/admin/pages", { cookie: editor })).text()));
    expect(page).toContain("The home page's words (its verses and the conference card) and the contact details are in Settings, which an Administrator changes.");
  });

  it("changes the About and Mission & Vision pages' copy, keeping their headings, anchors and order", async () => {
    const about = await save("/admin/pages", "about", {
      intro: "Brothers in every region.",
      mission_summary: "First paragraph of the summary.\nSecond paragraph.",
      "history[0].period": "1980s",
      "history[0].title": "Small Beginnings",
      "history[0].text": "A few men met to pray.",
      "history[1].period": "Today",
      "history[1].title": "Everywhere",
      "history[1].text": "Fellowships in every association.",
    });
    expect(about.status).toBe(302);
    const page = await getPage("/about");
    expect(page.text).toContain("Brothers in every region.");
    expect(page.main).toContain("<p>First paragraph of the summary.</p><p>Second paragraph.</p>");
    expect(page.main).toMatch(/id="mission"[\s\S]*id="history"[\s\S]*1980s[\s\S]*Small Beginnings[\s\S]*Today[\s\S]*id="leadership"/);
    expect(page.text).not.toContain("Early Beginnings");

    const mission = await save("/admin/pages", "mission", {
      statement: "To make disciples.",
      purpose: "One purpose.\nTwo purposes.",
      vision: "Godly men everywhere.",
      "core_values[0].title": "Prayer",
      "core_values[0].text": "We pray first.",
      "focus_areas[0].title": "Families",
      "focus_areas[0].text": "Strong homes.",
    });
    expect(mission.status).toBe(302);
    const missionPage = await getPage("/mission");
    for (const text of ["To make disciples.", "One purpose.", "Two purposes.", "Godly men everywhere.", "Prayer", "We pray first.", "Families", "Strong homes.", "Our Core Values", "Strategic Focus Areas"]) {
      expect(missionPage.text).toContain(text);
    }
    expect(missionPage.text).not.toContain("Brotherhood");
  });

  it("keeps page copy as text: HTML typed by an admin is shown, never run", async () => {
    const xss = `<img src=x onerror="alert(1)">`;
    expect((await save("/admin/pages", "about", { intro: xss, mission_summary: "x", "history[0].period": "p", "history[0].title": "t", "history[0].text": "x" })).status).toBe(302);
    const { main, text } = await getPage("/about");
    expect(main).not.toContain("<img src=x");
    expect(text).toContain(xss);
  });

  it("adds, moves and removes list entries without JavaScript, saving nothing until Save", async () => {
    const before = await stored("hero");
    const fields = { "verses[0].text": "First verse.", "verses[0].reference": "Ref 1", "verses[1].text": "Second verse.", "verses[1].reference": "Ref 2" };
    const added = await save("/admin/settings", "hero", { ...fields, __intent__: JSON.stringify({ type: "insert", payload: { name: "verses" } }) });
    expect(added.status).toBe(200);
    const addedHtml = await added.text();
    expect(addedHtml).toContain('name="verses[2].text"');
    expect(addedHtml).toContain("First verse.");
    // The new entry is empty, and nothing was saved: no errors yet.
    expect(addedHtml).not.toContain("things to correct");
    expect(addedHtml).not.toContain("or remove it");
    const moved = await save("/admin/settings", "hero", { ...fields, __intent__: JSON.stringify({ type: "reorder", payload: { name: "verses", from: 1, to: 0 } }) });
    const movedHtml = await moved.text();
    expect(movedHtml.indexOf("Second verse.")).toBeLessThan(movedHtml.indexOf("First verse."));
    const removed = await save("/admin/settings", "hero", { ...fields, __intent__: JSON.stringify({ type: "remove", payload: { name: "verses", index: 0 } }) });
    const removedHtml = await removed.text();
    expect(removedHtml).not.toContain("First verse.");
    expect(removedHtml).toContain("Second verse.");
    expect(await stored("hero")).toEqual(before);
  });
});

describe("the home hero", () => {
  beforeEach(() => seedDemo());

  const heroOf = async () => {
    const html = await (await request("/")).text();
    return html.slice(html.indexOf('aria-labelledby="hero-heading"'), html.indexOf('aria-labelledby="conference-title"') > 0 ? html.indexOf('aria-labelledby="conference-title"') : html.indexOf("</section>"));
  };

  it("rotates through the saved verses and testimonials", async () => {
    const saved = await save("/admin/settings", "hero", {
      "verses[0].text": "Iron sharpens iron.",
      "verses[0].reference": "Proverbs 27:17",
      "testimonials[0].quote": "My brothers carried me.",
      "testimonials[0].name": "Yamikani",
      "testimonials[0].role": "Elder, Zomba",
    });
    expect(saved.status).toBe(302);
    const hero = await heroOf();
    expect(hero.match(/data-kind="verse"/g)).toHaveLength(1);
    expect(hero.match(/data-kind="testimonial"/g)).toHaveLength(1);
    expect(hero).toContain("Iron sharpens iron.");
    expect(hero).toContain("My brothers carried me.");
    expect(hero).not.toContain("Joshua 24:15");
  });

  it("shows the other kind alone when one list is empty, and only the heading when both are", async () => {
    await save("/admin/settings", "hero", { "testimonials[0].quote": "Only a testimonial.", "testimonials[0].name": "Gift" });
    let hero = await heroOf();
    expect(hero).not.toContain('data-kind="verse"');
    expect(hero).toContain("Only a testimonial.");

    await save("/admin/settings", "hero", {});
    hero = await heroOf();
    expect(hero).not.toContain("data-rotation-messages");
    expect(hero).not.toContain("data-rotation-toggle");
    expect(textOf(hero)).toContain("Men of faith, serving Christ, family and community");
  });
});

describe("the conference card", () => {
  beforeEach(() => seedDemo());

  const cardOf = async () => {
    const html = await (await request("/")).text();
    const start = html.indexOf('aria-labelledby="conference-title"');
    return start < 0 ? null : html.slice(start, html.indexOf("</aside>", start));
  };
  const warningOf = async () => {
    const html = await (await request("/admin", { cookie })).text();
    const alert = /<div role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(mainHtml(html));
    return alert ? { text: textOf(alert[1]!), html: alert[1]! } : null;
  };
  const event = async (id: number) => env.DB.prepare("SELECT name, date FROM churchevents WHERE id = ?1").bind(id).first<{ name: string; date: string }>();

  it("'event': shows the chosen event's name, date and place, counts down to it and registers for it", async () => {
    expect((await save("/admin/settings", "conference", { conference_mode: "event", conference_event_id: "2" })).status).toBe(302);
    const card = await cardOf();
    const retreat = (await event(2))!;
    expect(textOf(card!)).toContain("Lake Malawi Men's Retreat");
    expect(card).toContain(`data-target="${retreat.date}"`);
    expect(card).toMatch(/href="\/events\?register=2"[^>]*>Register Now/);
    expect(await warningOf()).toBeNull();

    // Registration closed: the card still shows it, and Register Now leads to its page.
    await runSql(["UPDATE churchevents SET registration_enabled = 0 WHERE id = 2"]);
    expect(await cardOf()).toMatch(/href="\/events\/2"[^>]*>Register Now/);
  });

  it.each([
    ["deleted", "DELETE FROM churchevents WHERE id = 2", /no longer exists/],
    ["hidden", "UPDATE churchevents SET active = 0 WHERE id = 2", /is hidden/],
    ["over", "UPDATE churchevents SET date = '2026-01-10T06:00:00.000Z', ends_at = '2026-01-12T10:00:00.000Z' WHERE id = 2", /already taken place/],
    ["running (started, its end still to come)", "UPDATE churchevents SET date = '2026-01-10T06:00:00.000Z', ends_at = '2099-01-12T10:00:00.000Z' WHERE id = 2", /has started \(it runs until Monday, January 12, 2099 · 12:00 PM\)/],
  ])("'event': a chosen event that is %s is never shown, and the dashboard says so with a way to fix it", async (_, sql, reason) => {
    await save("/admin/settings", "conference", { conference_mode: "event", conference_event_id: "2" });
    await runSql([sql]);
    expect(await cardOf()).toBeNull();
    const warning = await warningOf();
    expect(warning?.text).toMatch(reason);
    expect(warning?.html).toContain('href="/admin/settings#conference"');
    // The hero keeps its layout without the card.
    expect(await (await request("/")).text()).toContain("hero-heading");
  });

  it("'auto': the next active event still to come that takes registrations; none, no card", async () => {
    await save("/admin/settings", "conference", { conference_mode: "auto" });
    expect(textOf((await cardOf())!)).toContain("Central Region Men's Prayer Breakfast");
    await runSql(["UPDATE churchevents SET registration_enabled = 0"]);
    expect(await cardOf()).toBeNull();
    expect(await warningOf()).toBeNull();
  });

  it("'custom': the typed conference; a past date counts zeros and the dashboard warns", async () => {
    const fields = { conference_mode: "custom", eyebrow: "Regional Rally", title: "Standing Firm 2027", starts_at: "2027-06-10T08:00", venue: "Mzuzu Stadium", link: "/events/4" };
    expect((await save("/admin/settings", "conference", fields)).status).toBe(302);
    const card = (await cardOf())!;
    expect(textOf(card)).toContain("Regional Rally");
    expect(textOf(card)).toContain("Standing Firm 2027");
    expect(textOf(card)).toContain("Mzuzu Stadium");
    expect(textOf(card)).toContain("Thursday, June 10, 2027 · 8:00 AM");
    expect(card).toContain('data-target="2027-06-10T06:00:00.000Z"');
    expect(card).toMatch(/href="\/events\/4"[^>]*>Register Now/);
    expect(await warningOf()).toBeNull();

    await save("/admin/settings", "conference", { ...fields, starts_at: "2025-06-12T08:00" });
    expect(textOf((await cardOf())!)).toMatch(/00 Days 00 Hours 00 Minutes 00 Seconds/);
    expect((await warningOf())?.text).toMatch(/Standing Firm 2027.*has passed/);
  });

  it("'hidden': no card", async () => {
    await save("/admin/settings", "conference", { conference_mode: "hidden" });
    expect(await cardOf()).toBeNull();
    expect(await warningOf()).toBeNull();
  });

  it("warns on a fresh install, whose card counts down to the spec's conference of June 2025", async () => {
    expect((await warningOf())?.text).toMatch(/Strong and Courageous 2025.*has passed/);
  });
});

describe("bad input and conflicts", () => {
  beforeEach(() => seedDemo());

  it.each([
    ["an invalid e-mail", "contact", { ...CONTACT, events_email: "not-an-email" }, "events_email", "Please enter a valid email address"],
    ["a link that is not https", "social", { facebook_url: "http://www.facebook.com/x", whatsapp_url: "", youtube_url: "" }, "facebook_url", "starts with https://"],
    ["a malformed link", "social", { facebook_url: "https://", whatsapp_url: "javascript:alert(1)", youtube_url: "" }, "whatsapp_url", "starts with https://"],
    ["an unknown event", "conference", { conference_mode: "event", conference_event_id: "999" }, "conference_event_id", "not upcoming"],
    ["a hidden event", "conference", { conference_mode: "event", conference_event_id: "6" }, "conference_event_id", "not upcoming"],
    ["an empty verse", "hero", { "verses[0].text": "  ", "verses[0].reference": "Joshua 1:9" }, "verses[0].text", "Please enter the verse"],
    ["too long a tagline", "organisation", { ...ORGANISATION, tagline: "x".repeat(161) }, "tagline", "Please keep this under 160 characters"],
    ["a latitude off the map", "contact", { ...CONTACT, map_latitude: "123" }, "map_latitude", "between -90 and 90"],
    ["a phone number that is words", "contact", { ...CONTACT, contact_phone: "call us!" }, "contact_phone", "Please enter a phone number we can call"],
    ["another phone number that is words", "contact", { ...CONTACT, more_phones: "0999 111 222\nask the office" }, "more_phones", "“ask the office”: please enter a phone number we can call"],
    ["a number too long to call", "contact", { ...CONTACT, contact_phone: "0888123456789012345" }, "contact_phone", "This is not a phone number we can call"],
    ["a mobile number two digits short", "contact", { ...CONTACT, more_phones: "0999 111 222\n0991 2345" }, "more_phones", "“0991 2345”: this is not a phone number we can call"],
  ])("refuses %s, says which field and why, keeps what was typed and saves nothing", async (_, section, fields, field, message) => {
    const before = await stored(section);
    const response = await save("/admin/settings", section, fields);
    expect(response.status).toBe(400);
    const html = await response.text();
    const control = new RegExp(`name="${field.replace(/[[\].]/g, "\\$&")}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="${field.replace(/[[\].]/g, "\\$&")}"`);
    expect(html).toMatch(control);
    expect(textOf(mainHtml(html))).toContain(message);
    const typed = Object.entries(fields).find(([name]) => name === field)![1];
    if (typed.trim() && field !== "conference_event_id") expect(html).toContain(typed.replaceAll("&", "&amp;"));
    expect(await stored(section)).toEqual(before);
  });

  it("refuses an empty timeline entry on the About page", async () => {
    const before = await stored("about");
    const response = await save("/admin/pages", "about", { intro: "x", mission_summary: "x", "history[0].period": "1990s", "history[0].title": "", "history[0].text": "Text" });
    expect(response.status).toBe(400);
    expect(textOf(mainHtml(await response.text()))).toContain("Please enter the entry's title, or remove it");
    expect(await stored("about")).toEqual(before);
  });

  it("refuses a save from a form opened before someone else's, saying who saved and when, keeps what was typed, and saves it when pressed again", async () => {
    const opened = (await stored("contact"))!.version;
    expect((await save("/admin/settings", "contact", CONTACT, opened)).status).toBe(302);
    const stale = await save("/admin/settings", "contact", { ...CONTACT, contact_phone: "+265 111 222 333" }, opened);
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(textOf(mainHtml(html))).toMatch(
      /admin@example\.org saved the “Contact” section at \d{1,2}:\d{2} [AP]M, after you opened it, so your changes were not saved\. To keep yours, press Save contact details again \(theirs will be replaced\)\. To see theirs first, reload the page\./,
    );
    expect(html).toContain('value="+265 111 222 333"');
    expect((await stored("contact"))!.value).toMatchObject({ contact_phone: CONTACT.contact_phone });
    // The form now carries the version saved meanwhile: pressing the button again keeps this one.
    const next = Number(/<input type="hidden" name="version" value="(\d+)"/.exec(html.slice(html.indexOf('id="contact"')))?.[1]);
    expect(next).toBe((await stored("contact"))!.version);
    expect((await save("/admin/settings", "contact", { ...CONTACT, contact_phone: "+265 111 222 333" }, next)).status).toBe(302);
    expect((await stored("contact"))!.value).toMatchObject({ contact_phone: "+265 111 222 333" });
  });

  it("a stale save's refusal names each field saving again would put back, with theirs: one this admin never touched is seen before it is lost", async () => {
    const opened = (await stored("contact"))!.version;
    // Someone changes the events address; this admin, from a form opened before, changes only the office hours.
    expect((await save("/admin/settings", "contact", { ...CONTACT, events_email: "matukio@example.mw" }, opened)).status).toBe(302);
    const stale = await save("/admin/settings", "contact", { ...CONTACT, office_hours: "Mondays only" }, opened);
    expect(stale.status).toBe(409);
    expect(textOf(mainHtml(await stale.text()))).toContain("Yours and theirs differ in: events email (theirs: “matukio@example.mw”), office hours.");
  });

  it("lets exactly one of many simultaneous saves from the same form win, and never half-merges", async () => {
    const opened = (await stored("organisation"))!.version;
    const names = Array.from({ length: 12 }, (_, i) => `Name number ${i}`);
    const responses = await Promise.all(names.map((name) => save("/admin/settings", "organisation", { ...ORGANISATION, name, tagline: `Tagline of ${name}` }, opened)));
    expect(responses.filter((r) => r.status === 302)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(names.length - 1);
    const { value, version } = (await stored("organisation"))!;
    expect(version).toBe(opened + 1);
    expect(value.tagline).toBe(`Tagline of ${value.name as string}`);
  });

  it("reads a stored section that no longer fits its schema as the defaults", async () => {
    await runSql([`UPDATE site_settings SET value = '{"contact_phone": 42}' WHERE key = 'contact'`]);
    const { text } = await getPage("/contact");
    expect(text).toContain("+265 999 123 456");
  });
});
