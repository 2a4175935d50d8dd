// The associations directory (issue 25, part 1): /associations grouped by region with a filter that is
// a plain GET form (?q=, no JavaScript), call and WhatsApp links (+265), its empty state; and the admin's
// CSV import, which saves every row or none (each bad row named by its line) and is logged.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ASSOCIATION_MESSAGES, DIRECTORY_TEXT } from "~/features/associations";
import { associationKeys, importAssociations, readAssociationsCsv } from "~/features/associations/index.server";
import { countD1Calls, createAdmin, postForm, postMultipart, request, runSql, seedDemo, seedReference, signIn, TEST_ADMIN, toastOf, formVersion } from "./helpers";
import { isAscending, mainHtml, positions, textOf } from "./public-helpers";

async function page(path: string) {
  const response = await request(path);
  const html = await response.text();
  return { response, html, text: textOf(mainHtml(html)) };
}

async function associationCount(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM associations").first<{ n: number }>())!.n;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("/associations", () => {
  beforeEach(async () => {
    await seedDemo();
  });

  it("lists the active associations grouped by region, north to south, in one D1 round trip and with no JavaScript", async () => {
    const calls = countD1Calls();
    const { response, html, text } = await page("/associations");
    expect(calls()).toBe(1);
    expect(response.status).toBe(200);
    const headings = positions(text, ["Northern Region", "Mzuzu Central Baptist Men", "Central Region", "Area 25 Baptist Men", "Southern Region", "Zomba Baptist Men's Fellowship"]);
    expect(headings.every((at, i) => at >= 0 && (i === 0 || at > headings[i - 1]!))).toBe(true);
    expect(text).toContain("Saturdays 2 pm, Area 25 Baptist Church");
    // An inactive association is not listed.
    expect(text).not.toContain("Old Mangochi");
    // The filter is a plain GET form with its label.
    const form = /<form[^>]*role="search"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/associations"');
    expect(html).toMatch(/<input[^>]*name="q"/);
    // No script for the browser to run (read-only page).
    expect(html).not.toMatch(/<script[^>]*(type="module"|src=)/);
  });

  it("gives an association listed without a contact a way to reach it: ask the office, the subject filled in", async () => {
    await runSql(["UPDATE associations SET contact_name = NULL, contact_phone = NULL WHERE name = 'Area 25 Baptist Men'"]);
    const { html, text } = await page("/associations?q=Area+25");
    expect(text).toContain("No contact listed yet: ask the office about Area 25 Baptist Men");
    expect(html).toContain('href="/contact?subject=Contact%20for%20Area%2025%20Baptist%20Men"');
    // One with a contact has none of it.
    expect((await page("/associations?q=Zomba")).text).not.toContain("No contact listed yet");
  });

  it("filters without JavaScript: GET ?q=Lilongwe shows only the Lilongwe associations, under their region", async () => {
    const { response, html, text } = await page("/associations?q=Lilongwe");
    expect(response.status).toBe(200);
    expect(text).toContain("Central Region");
    expect(text).toContain("Area 25 Baptist Men");
    expect(text).toContain("Kawale Men's Association");
    for (const other of ["Northern Region", "Southern Region", "Mzuzu Central", "Dedza Baptist Men", "Ndirande", "Zomba Baptist"]) expect(text, other).not.toContain(other);
    expect(text).toContain(DIRECTORY_TEXT.showing(2, "Lilongwe"));
    // The search box keeps what was typed.
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="Lilongwe"/);
  });

  it("matches a name and a region too, in any case, and takes % and _ literally", async () => {
    const byName = await page("/associations?q=ndirande");
    expect(byName.text).toContain("Ndirande Baptist Men");
    expect(byName.text).toContain("Southern Region");
    expect(byName.text).not.toContain("Central Region");
    // A region as people say it ("south"), under which the page groups them.
    const byRegion = await page("/associations?q=south");
    expect(byRegion.text).toContain("Southern Region");
    expect(byRegion.text).toContain("Ndirande Baptist Men");
    for (const other of ["Northern Region", "Central Region", "Mzuzu Central", "Area 25 Baptist Men"]) expect(byRegion.text, other).not.toContain(other);
    // And as the page itself writes it, under its heading: "Southern Region".
    const asHeaded = await page("/associations?q=Southern+Region");
    expect(asHeaded.text).toContain("Ndirande Baptist Men");
    for (const other of ["Northern Region", "Central Region", "Area 25 Baptist Men"]) expect(asHeaded.text, other).not.toContain(other);
    const literal = await page("/associations?q=%25");
    expect(literal.text).toContain(DIRECTORY_TEXT.noMatch("%"));
    expect(literal.text).not.toContain("Region");
  });

  it("reads a search of several words as every word somewhere in the name, district or region, in any order", async () => {
    for (const [q, found] of [
      ["Kawale Lilongwe", "Kawale Men's Association"],
      ["area 25 lilongwe", "Area 25 Baptist Men"],
      ["Lilongwe Area 25", "Area 25 Baptist Men"],
      ["Ndirande Blantyre", "Ndirande Baptist Men"],
    ] as const) {
      const { text } = await page(`/associations?q=${encodeURIComponent(q)}`);
      expect(text, q).toContain(found);
      expect(text, q).toContain(DIRECTORY_TEXT.showing(1, q));
    }
    // Every word must match: Kawale is not in Blantyre.
    expect((await page("/associations?q=Kawale%20Blantyre")).text).toContain(DIRECTORY_TEXT.noMatch("Kawale Blantyre"));
  });

  it("answers a long search (the longest it reads, with % and _ in it) with the page, not an error", async () => {
    // D1 refuses LIKE patterns over 50 bytes: a 60-character search once answered 503.
    const long = "Lilongwe_%".repeat(6);
    const response = await request(`/associations?q=${encodeURIComponent(long)}`);
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain(DIRECTORY_TEXT.noMatch(long));
  });

  it("gives each contact a call link and a WhatsApp link with the number in +265 form", async () => {
    await env.DB.prepare("UPDATE associations SET contact_phone = '0991 23 45 67' WHERE id = 3").run();
    const { html } = await page("/associations?q=Area 25");
    expect(html).toContain('href="tel:+265991234567"');
    expect(html).toContain('href="https://wa.me/265991234567"');
    // The number as written, kept on one line at 360 px (it was broken mid-number).
    expect(html).toContain('<span class="whitespace-nowrap">+265 991 23 45 67</span>');
    // An association without a contact has no links.
    const dedza = await page("/associations?q=Dedza");
    expect(mainHtml(dedza.html)).not.toContain("tel:");
    expect(mainHtml(dedza.html)).not.toContain("wa.me/");
  });

  it("is in the sitemap, and the home page's Find Association and Find a Chapter lead to it", async () => {
    expect(await (await request("/sitemap.xml")).text()).toContain("/associations</loc>");
    const home = await (await request("/")).text();
    expect(home).toMatch(/<a[^>]*href="\/associations"[^>]*>\s*Find Association/);
    expect(home).toMatch(/<a[^>]*href="\/associations"[^>]*>\s*Find a Chapter/);
  });
});

describe("/associations without demo content", () => {
  it("says none have been added yet and links to /contact", async () => {
    await seedReference();
    const { response, html, text } = await page("/associations");
    expect(response.status).toBe(200);
    expect(text).toContain(DIRECTORY_TEXT.empty);
    expect(mainHtml(html)).toContain('href="/contact"');
  });
});

describe("the admin's associations", () => {
  let cookie: string;
  beforeEach(async () => {
    await seedDemo();
    await createAdmin();
    cookie = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, "198.51.100.61");
    await env.DB.exec("DELETE FROM activity_log");
  });

  const importCsv = (csv: string) => postMultipart("/admin/associations/import", { csv }, { cookie });

  it("imports a CSV in one go, phones in +265 form, and logs it", async () => {
    const before = await associationCount();
    const response = await importCsv(
      [
        "name,region,district,contact_name,contact_phone,meeting",
        'Likuni Baptist Men,central,Lilongwe,Kondwani Phiri,0888 12 34 56,"Sundays 2 pm, Likuni Baptist Church"',
        "Karonga Men's Fellowship,Northern,Karonga,,,",
        "Nkhotakota Men,Lakeshore,Nkhotakota,,,Fridays",
        // The three regions as people write them are the three, not new ones.
        "Chigumula Men,South,Blantyre,,,",
        "Mzimba Men,northern region,Mzimba,,,",
        "Dowa Men,Centre,Dowa,,,",
      ].join("\r\n"),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin?tab=associations");
    expect((await toastOf(response))?.title).toBe("6 associations imported");
    expect(await associationCount()).toBe(before + 6);
    const regions = await env.DB.prepare("SELECT name, region FROM associations WHERE name IN ('Chigumula Men', 'Mzimba Men', 'Dowa Men') ORDER BY name").all();
    expect(regions.results).toEqual([
      { name: "Chigumula Men", region: "Southern" },
      { name: "Dowa Men", region: "Central" },
      { name: "Mzimba Men", region: "Northern" },
    ]);
    const likuni = await env.DB.prepare("SELECT region, contact_phone, meeting FROM associations WHERE name = 'Likuni Baptist Men'").first();
    expect(likuni).toEqual({ region: "Central", contact_phone: "+265888123456", meeting: "Sundays 2 pm, Likuni Baptist Church" });
    const log = await env.DB.prepare("SELECT actor, action, target FROM activity_log").all();
    expect(log.results).toEqual([{ actor: TEST_ADMIN.email, action: "Imported", target: "6 associations" }]);
    // A region staff added shows on the public page, after the three of Malawi.
    const text = textOf(mainHtml(await (await request("/associations")).text()));
    expect(text.indexOf("Lakeshore Region")).toBeGreaterThan(text.indexOf("Southern Region"));
  });

  it("the same rows saved twice at once (each checked against the directory before either saved) add each association once", async () => {
    const before = await associationCount();
    const csv = ["name,region,district,contact_name,contact_phone,meeting", ...Array.from({ length: 30 }, (_, i) => `Twice Men ${i},Central,Dedza,,,`)].join("\r\n");
    // Two imports of one file, both past the check (the directory had none of them) before either saves.
    const [first, second] = [readAssociationsCsv(csv, await associationKeys()), readAssociationsCsv(csv, await associationKeys())];
    expect([first.errors, second.errors]).toEqual([[], []]);
    const added = await Promise.all([importAssociations(first.rows), importAssociations(second.rows)]);
    expect(added.sort()).toEqual([0, 30]);
    expect(await associationCount()).toBe(before + 30);
    // The one that added none says so.
    expect(ASSOCIATION_MESSAGES.imported(0, 30)).toEqual({ title: "0 associations imported", description: "30 were in the directory already (added meanwhile): not added twice." });
  });

  it("saves nothing when a row is bad, and says which rows and why", async () => {
    const before = await associationCount();
    const response = await importCsv(
      [
        "name,region,district,contact_name,contact_phone,meeting",
        "Good One,Central,Lilongwe,,,",
        "No Region,,Mzimba,,,",
        "Bad Phone,Southern,Thyolo,Someone,12,",
        ",Northern,,,,",
        "Area 25 Baptist Men,Central,Lilongwe,,,",
      ].join("\n"),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain("Nothing was imported");
    // The rows sent are back in the paste box, to correct there (a page without JavaScript included).
    expect(/<textarea id="import-csv"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1]).toContain("Bad Phone,Southern,Thyolo,Someone,12,\n,Northern,,,,");
    expect(text).toContain("Line 3: region is required");
    expect(text).toContain('Line 4: contact_phone "12" is not a phone number');
    expect(text).toContain("Line 5: name is required; district is required");
    expect(text).toContain('Line 6: "Area 25 Baptist Men" in Lilongwe is already in the directory');
    expect(text).not.toContain("Line 2:");
    expect(await associationCount()).toBe(before);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM activity_log").first<{ n: number }>())!.n).toBe(0);
  });

  it("refuses a file without the columns, and an empty one", async () => {
    const wrong = await importCsv("title,place\nA,B");
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("Line 1: the header has no name, region, district column");
    const empty = await importCsv("");
    expect(empty.status).toBe(400);
  });

  it("creates, edits and deletes one association, with a new region typed in", async () => {
    const created = await postForm("/admin/associations/new", { name: "Salima Men", region: "Lakeshore", district: "Salima", contact_name: "", contact_phone: "0999 11 22 33", meeting: "", active: "on" }, { cookie });
    expect(created.status).toBe(302);
    const row = await env.DB.prepare("SELECT id, region, contact_phone, meeting FROM associations WHERE name = 'Salima Men'").first<{ id: number }>();
    expect(row).toMatchObject({ region: "Lakeshore", contact_phone: "+265999112233", meeting: null });
    const badPhone = await postForm(`/admin/associations/edit/${row!.id}`, { version: await formVersion("associations", row!.id), name: "Salima Men", region: "Lakeshore", district: "Salima", contact_phone: "abc", active: "on" }, { cookie });
    expect(badPhone.status).toBe(400);
    // Every problem at once, as the browser's own check of the same schema says them: not one per save.
    const two = textOf(await (await postForm("/admin/associations/new", { name: "Nkhotakota Men", region: "Central", district: "", contact_phone: "12", active: "on" }, { cookie })).text());
    expect(two).toContain("District is required");
    expect(two).toContain("Please enter a phone number we can call, for example 0991 234 567 or +265 1 234 567");
    const removed = await postForm(`/admin/associations/edit/${row!.id}`, { intent: "delete" }, { cookie });
    expect(removed.status).toBe(302);
    expect(await env.DB.prepare("SELECT id FROM associations WHERE name = 'Salima Men'").first()).toBeNull();
    const log = await env.DB.prepare("SELECT action FROM activity_log ORDER BY id").all<{ action: string }>();
    expect(log.results.map((entry) => entry.action)).toEqual(["Created", "Deleted"]);
  });

  it("refuses an association the directory has (its name in its district, any case), also when two add it at once or one is renamed to it", async () => {
    const fields = { name: "Salima Men", region: "Central", district: "Salima", contact_name: "", contact_phone: "", meeting: "", active: "on" };
    const both = await Promise.all([postForm("/admin/associations/new", fields, { cookie }), postForm("/admin/associations/new", fields, { cookie })]);
    expect(both.map((answer) => answer.status).sort()).toEqual([302, 409]);
    const again = await postForm("/admin/associations/new", { ...fields, name: " salima MEN ", meeting: "Saturdays" }, { cookie });
    expect(again.status).toBe(409);
    const said = await again.text();
    expect(textOf(said)).toContain('"salima MEN" in Salima is already in the directory: find it in the list and edit it there.');
    expect(said).toContain('value="Saturdays"');
    expect((await env.DB.prepare("SELECT count(*) AS n FROM associations WHERE lower(name) = 'salima men'").first<{ n: number }>())!.n).toBe(1);
    // Typed with a curly apostrophe or two spaces, it is the same: written as the directory writes it.
    const curly = await postForm("/admin/associations/new", { ...fields, name: "Kawale Men’s  Association", district: "Lilongwe" }, { cookie });
    expect(curly.status).toBe(409);
    const typed = await postForm("/admin/associations/new", { ...fields, name: "Mangochi  Men’s Fellowship", district: "Mangochi" }, { cookie });
    expect(typed.status).toBe(302);
    expect(await env.DB.prepare("SELECT name FROM associations WHERE district = 'Mangochi' AND active = 1").first()).toEqual({ name: "Mangochi Men's Fellowship" });
    // The same name in another district is another association; renaming one onto the first is refused.
    const other = await postForm("/admin/associations/new", { ...fields, district: "Dedza" }, { cookie });
    expect(other.status).toBe(302);
    const dedza = (await env.DB.prepare("SELECT id FROM associations WHERE name = 'Salima Men' AND district = 'Dedza'").first<{ id: number }>())!;
    const renamed = await postForm(`/admin/associations/edit/${dedza.id}`, { version: await formVersion("associations", dedza.id), ...fields }, { cookie });
    expect(renamed.status).toBe(409);
    // Saving one as it is is no duplicate of itself.
    const unchanged = await postForm(`/admin/associations/edit/${dedza.id}`, { version: await formVersion("associations", dedza.id), ...fields, district: "Dedza" }, { cookie });
    expect(unchanged.status).toBe(302);
    // Two associations renamed to one new name at once: one is saved, the other told it is taken.
    const [first, second] = (await env.DB.prepare("SELECT id FROM associations WHERE district IN ('Dedza', 'Mangochi') ORDER BY id").all<{ id: number }>()).results;
    const onto = { ...fields, name: "Lakeshore Men", district: "Nkhotakota" };
    const renames = await Promise.all(
      [first!, second!].map(async (row) => postForm(`/admin/associations/edit/${row.id}`, { version: await formVersion("associations", row.id), ...onto }, { cookie })),
    );
    expect(renames.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(textOf(await renames.find((answer) => answer.status === 409)!.text())).toContain('"Lakeshore Men" in Nkhotakota is already in the directory');
    expect((await env.DB.prepare("SELECT count(*) AS n FROM associations WHERE name = 'Lakeshore Men'").first<{ n: number }>())!.n).toBe(1);
  });

  it("sends a failed load back to the Associations tab with the spec's toast", async () => {
    for (const id of ["4242", "abc"]) {
      const response = await request(`/admin/associations/edit/${id}`, { cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin?tab=associations");
      expect(await toastOf(response)).toMatchObject({ title: "Error", description: ASSOCIATION_MESSAGES.loadFailed, variant: "destructive" });
    }
  });

  it("is the dashboard's Associations tab, titled for itself", async () => {
    const response = await request("/admin?tab=associations", { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Associations | Admin</title>");
    const text = textOf(html);
    expect(text).toContain("Area 25 Baptist Men");
    expect(text).toContain("Import a CSV file");
  });

  it("lists the regions north to south, as the public page does, and a region typed in after them", async () => {
    await postForm("/admin/associations/new", { name: "Salima Men", region: "Lakeshore", district: "Salima", active: "on" }, { cookie });
    const text = textOf(await (await request("/admin?tab=associations", { cookie })).text());
    expect(isAscending(positions(text, ["Mzuzu Central Baptist Men", "Area 25 Baptist Men", "Zomba Baptist Men's Fellowship", "Salima Men"]))).toBe(true);
  });

  it("warns before deleting an association that registrations chose, and offers making it inactive instead", async () => {
    const { id } = (await env.DB.prepare("SELECT id FROM associations WHERE name = 'Area 25 Baptist Men'").first<{ id: number }>())!;
    const other = (await env.DB.prepare("SELECT id, name, district FROM associations WHERE id <> ?1 ORDER BY id LIMIT 1").bind(id).first<{ id: number; name: string; district: string }>())!;
    await runSql([
      "INSERT INTO churchevents (id, name) VALUES (90, 'Counted Conference')",
      `INSERT INTO event_registrations (id, event_id, full_name, phone_number, status, code, token) VALUES
        (901, 90, 'Chose Area 25', '+265991000901', 'confirmed', 'ASSOC1', 'token-ASSOC1-0123456789'),
        (902, 90, 'Also Area 25', '+265991000902', 'confirmed', 'ASSOC2', 'token-ASSOC2-0123456789')`,
      `INSERT INTO registration_answers (registration_id, event_id, question_id, label, value, association_id) VALUES
        (901, 90, 1, 'Association', 'Area 25 Baptist Men', ${id}), (902, 90, 1, 'Association', 'Area 25 Baptist Men', ${id})`,
    ]);
    const asked = textOf(await (await request(`/admin?tab=associations&delete=${id}`, { cookie })).text());
    expect(asked).toContain("2 registrations chose it: their answers keep its name, but the counts by region will show them under Other. To take it off the list and keep the counts, make it inactive instead.");
    // One nobody chose: the plain words.
    const plain = textOf(await (await request(`/admin?tab=associations&delete=${other.id}`, { cookie })).text());
    expect(plain).toContain(`${other.name} (${other.district}) will be removed from the directory. This cannot be undone.`);
  });
});
