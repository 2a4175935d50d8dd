// The leadership manager: the tab's list, the member form with the spec's validation, toggle,
// delete, photos, and the public page following the admin's changes.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { fixtureBytes } from "../fixtures/images";
import { createAdmin, postForm, postMultipart, request, runSql, seedDemo, seedReference, signIn, toastOf, formVersion } from "./helpers";
import { dropTable, getPage, textOf } from "./public-helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
});

async function members() {
  const { results } = await env.DB.prepare(
    "SELECT id, full_name, title, position_id, region, email, phone, bio, image_url, active FROM leadership_members ORDER BY id",
  ).all();
  return results;
}

/** The visible text of each row of the tab's list, in order. */
async function tabRows() {
  const body = await (await request("/admin?tab=leadership", { cookie })).text();
  const list = body.slice(body.indexOf('aria-labelledby="manager-heading"'));
  return { body, rows: [...list.matchAll(/<li class="flex flex-col[\s\S]*?<\/li>/g)].map((m) => m[0]) };
}

const valid = { intent: "save", full_name: "Yohane Chisale", title: "Pastor", position_id: "3", region: "", email: "", phone: "", bio: "", active: "on" };

describe("leadership tab", () => {
  it("lists members by position, then name, with title, position, region, badge and toggle; unknown positions last", async () => {
    await seedDemo();
    await runSql([
      "INSERT INTO leadership_positions (id, name, type, rank) VALUES (50, 'Chaplain', 'honorary', 30)",
      "INSERT INTO leadership_members (full_name, position_id) VALUES ('Aaron Unplaced', NULL)",
      "INSERT INTO leadership_members (full_name, position_id) VALUES ('Zaccheus Chaplain', 50)",
    ]);
    const { body, rows } = await tabRows();
    // A row reads: [the initial of a member without photo] title, name, position, badge, then the toggle.
    expect(rows.map((row) => textOf(row).split(/ (?:Active|Inactive) /)[0]!.replace(/^[A-Z] /, ""))).toEqual([
      "Rev. Chikondi Banda President NEC",
      "Mr. Mphatso Phiri Vice President NEC",
      "Pastor Kondwani Mwale General Secretary NEC",
      "Mr. Blessings Chirwa Treasurer NEC",
      "Former Treasurer Treasurer NEC",
      "Mr. Chifundo Kamanga Discipleship Coordinator NEC",
      "Pastor Dalitso Mvula Regional Coordinator - Southern Region Regional",
      "Mr. Pemphero Nyirenda Regional Coordinator - Central Region Regional",
      "Deacon Tiyamike Msiska Regional Coordinator - Northern Region Regional",
      "Zaccheus Chaplain Chaplain",
      "Aaron Unplaced Unknown Position",
    ]);
    expect(rows[0]).toContain('alt="Photo of Chikondi Banda"');
    expect(rows[5]).toMatch(/<div aria-hidden="true"[^>]*rounded-full[^>]*>C<\/div>/);
    expect(rows[0]).toMatch(/aria-label="Active: deactivate Chikondi Banda"[^>]*>Active</);
    expect(rows[4]).toMatch(/aria-label="Inactive: activate Former Treasurer"[^>]*>Inactive</);
    expect(rows[0]).toContain('href="/admin/leadership/edit/1"');
    expect(rows[0]).toContain('aria-label="Delete Chikondi Banda"');
    expect(body).toMatch(/href="\/admin\/leadership\/new"[^>]*>[\s\S]*?Add Member/);
  });

  it("says when there are no members, and when they cannot be loaded", async () => {
    await seedReference();
    expect(textOf((await tabRows()).body)).toContain("No leadership team members yet.");
    await dropTable("leadership_members");
    const response = await request("/admin?tab=leadership", { cookie });
    expect(response.status).toBe(200);
    const text = textOf(await response.text());
    expect(text).toContain("Failed to load leadership team members");
    expect(text).not.toContain("No leadership team members yet.");
  });

  it("sends /admin/leadership to the tab", async () => {
    const response = await request("/admin/leadership", { cookie });
    expect(response.headers.get("Location")).toBe("/admin?tab=leadership");
  });
});

describe("member form", () => {
  it("starts a new member active, with positions by rank labelled NEC or Regional, and the region field explained", async () => {
    await seedReference();
    const body = await (await request("/admin/leadership/new", { cookie })).text();
    for (const text of ["Add Team Member", "Full Name", "Title", "Position", "Region", "Only for regional positions", "Email", "Phone", "Bio", "Profile Image", "PNG, JPG or GIF, max 2MB", "Add Member", "Cancel", "Back"]) {
      expect(body).toContain(text);
    }
    const options = [...body.matchAll(/<option value="(\d*)"[^>]*>([^<]+)<\/option>/g)].map((m) => m[2]);
    expect(options).toEqual([
      "Select a position",
      "President (NEC)",
      "Vice President (NEC)",
      "General Secretary (NEC)",
      "Deputy General Secretary (NEC)",
      "Treasurer (NEC)",
      "Discipleship Coordinator (NEC)",
      "Youth Mentorship Coordinator (NEC)",
      "Regional Coordinator (Regional)",
      "Assistant Regional Coordinator (Regional)",
    ]);
    for (const region of ["Northern", "Central", "Southern", "Eastern"]) expect(body).toContain(`<option value="${region}">`);
    expect(body).toMatch(/name="email"[^>]*type="email"|type="email"[^>]*name="email"/);
    expect(body).toMatch(/name="phone"[^>]*type="tel"|type="tel"[^>]*name="phone"/);
    expect(body).toMatch(/role="switch"[^>]*name="active" checked=""/);
  });

  it("opens an existing member with what is stored", async () => {
    await seedDemo();
    const body = await (await request("/admin/leadership/edit/6", { cookie })).text();
    expect(body).toContain("Edit Team Member");
    expect(body).toContain('value="Tiyamike Msiska"');
    expect(body).toContain('value="Deacon"');
    expect(body).toMatch(/<option value="8" selected="">Regional Coordinator \(Regional\)/);
    expect(body).toContain('value="Northern"');
    expect(body).toContain('value="north@baptistmen.mw"');
    expect(body).toContain("Serves associations from Chitipa to Nkhata Bay.</textarea>");
    expect(body).toContain("Update Member");
    const inactive = await (await request("/admin/leadership/edit/9", { cookie })).text();
    expect(inactive).not.toMatch(/name="active" checked=""/);
  });

  it("refuses a missing name and position with the spec's toast, showing the errors and keeping what was typed", async () => {
    await seedReference();
    const response = await postForm("/admin/leadership/new", { ...valid, full_name: "  ", position_id: "", title: "Rev.", bio: "Keeps this bio." }, { cookie });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("Full name is required");
    expect(body).toContain("Please choose a position");
    expect(body).toContain("Validation Error");
    expect(body).toContain("Please fill in all required fields");
    expect(body).toContain('value="Rev."');
    expect(body).toContain(">Keeps this bio.</textarea>");
    expect(await members()).toEqual([]);
  });

  it("requires a region only for a regional position, and drops one given for another position", async () => {
    await seedReference();
    const missing = await postForm("/admin/leadership/new", { ...valid, position_id: "8", region: " " }, { cookie });
    expect(missing.status).toBe(400);
    const body = await missing.text();
    expect(body).toContain("Region is required for a regional position");
    expect(body).toContain("Please fill in all required fields");
    expect(body).toContain('value="Yohane Chisale"');
    expect(body).toMatch(/<option value="8" selected="">/);

    const regional = await postForm("/admin/leadership/new", { ...valid, position_id: "8", region: "Eastern" }, { cookie });
    expect(await toastOf(regional)).toMatchObject({ title: "Member Added" });
    const nec = await postForm("/admin/leadership/new", { ...valid, full_name: "Other Man", position_id: "1", region: "Central" }, { cookie });
    expect(await toastOf(nec)).toMatchObject({ title: "Member Added" });
    expect((await members()).map((m) => [m.full_name, m.position_id, m.region])).toEqual([
      ["Yohane Chisale", 8, "Eastern"],
      ["Other Man", 1, null],
    ]);
  });

  it("says what is wrong with an e-mail address, not that a required field is missing", async () => {
    await seedReference();
    const response = await postForm("/admin/leadership/new", { ...valid, email: "not-an-email" }, { cookie });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("Please enter a valid email address");
    expect(body).not.toContain("Please fill in all required fields");
    expect(body).toContain('value="not-an-email"');
    expect(await members()).toEqual([]);
  });

  it("refuses a phone number visitors could not call, keeping what was typed; a real one is kept as typed", async () => {
    await seedReference();
    const response = await postForm("/admin/leadership/new", { ...valid, phone: "ask the office" }, { cookie });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("Please enter a phone number we can call, for example 0991 234 567 or +265 1 234 567");
    expect(body).toContain('value="ask the office"');
    expect(await members()).toEqual([]);
    // Shaped like a number, but two digits short: nobody could call it from /leadership.
    const short = await postForm("/admin/leadership/new", { ...valid, phone: "0991 2345" }, { cookie });
    expect(short.status).toBe(400);
    const shortBody = await short.text();
    expect(shortBody).toContain("This is not a phone number we can call. Write a Malawi number like 0991 23 45 67, or start with + and the country code.");
    expect(shortBody).toContain('value="0991 2345"');
    expect(await members()).toEqual([]);
    expect((await postForm("/admin/leadership/new", { ...valid, phone: "+265 (0) 999 123 456" }, { cookie })).status).toBe(302);
    expect(await env.DB.prepare("SELECT phone FROM leadership_members").first()).toEqual({ phone: "+265 (0) 999 123 456" });
  });

  it("writes each leader's number alike on /leadership, however it was typed, and calls it", async () => {
    await seedReference();
    expect((await postForm("/admin/leadership/new", { ...valid, full_name: "Typed Plainly", phone: "0991112223" }, { cookie })).status).toBe(302);
    expect((await postForm("/admin/leadership/new", { ...valid, full_name: "Typed Spaced", phone: "+265 888 210 334" }, { cookie })).status).toBe(302);
    const page = await (await request("/leadership")).text();
    expect(page).toMatch(/href="tel:\+265991112223"[^>]*>[\s\S]*?\+265 991 11 22 23<\/a>/);
    expect(page).toMatch(/href="tel:\+265888210334"[^>]*>[\s\S]*?\+265 888 21 03 34<\/a>/);
    expect(page).not.toContain("0991112223");
  });

  it("refuses a position that does not exist with a clear message", async () => {
    await seedReference();
    for (const position_id of ["404", "abc"]) {
      const response = await postForm("/admin/leadership/new", { ...valid, position_id }, { cookie });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("This position no longer exists. Please choose another one.");
    }
    expect(await members()).toEqual([]);
  });

  it("adds a member and returns to the tab with 'Member Added'; then updates it with 'Member Updated'", async () => {
    await seedReference();
    const created = await postForm(
      "/admin/leadership/new",
      { ...valid, email: " Yohane@Example.MW ", phone: "+265 999 000 111", bio: "Leads the Mzuzu men's fellowship." },
      { cookie },
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/admin?tab=leadership");
    expect(await toastOf(created)).toMatchObject({ title: "Member Added" });
    expect(await members()).toEqual([
      { id: 1, full_name: "Yohane Chisale", title: "Pastor", position_id: 3, region: null, email: "yohane@example.mw", phone: "+265 999 000 111", bio: "Leads the Mzuzu men's fellowship.", image_url: null, active: 1 },
    ]);

    // An unchecked switch is not posted: the member becomes inactive. Empty fields are stored as null.
    const updated = await postForm("/admin/leadership/edit/1", { version: await formVersion("leadership_members", 1), intent: "save", full_name: "Yohane Chisale", title: "", position_id: "9", region: "Central", email: "", phone: "", bio: "" }, { cookie });
    expect(updated.headers.get("Location")).toBe("/admin?tab=leadership");
    expect(await toastOf(updated)).toMatchObject({ title: "Member Updated" });
    expect(await members()).toEqual([
      { id: 1, full_name: "Yohane Chisale", title: null, position_id: 9, region: "Central", email: null, phone: null, bio: null, image_url: null, active: 0 },
    ]);
  });

  it("refuses a form too large to read (a huge photo sent without JavaScript) by saying so: the picture, its limit, and going back to keep what was typed", async () => {
    const huge = new File([new Uint8Array(21 * 1024 * 1024)], "huge.jpg", { type: "image/jpeg" });
    const answer = await postMultipart("/admin/leadership/new", { intent: "save", full_name: "Typed Name", position_id: "1", image_file: huge }, { cookie });
    expect(answer.status).toBe(413);
    expect(textOf(await answer.text())).toContain("That picture is too large to send (pictures can be at most 5 MB), so nothing was saved. Go back to keep what you typed, and choose a smaller picture.");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM leadership_members WHERE full_name = 'Typed Name'").first()).toEqual({ n: 0 });
  });

  it("keeps what was typed and says 'Failed to save member' when the database refuses", async () => {
    await seedReference();
    await dropTable("leadership_members");
    const response = await postForm("/admin/leadership/new", valid, { cookie });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain("Failed to save member");
    expect(body).toContain('value="Yohane Chisale"');
  });

  it("sends a failed member load back to the Leadership tab with 'Failed to load member details'", async () => {
    await seedReference();
    for (const id of ["42", "abc"]) {
      const response = await request(`/admin/leadership/edit/${id}`, { cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin?tab=leadership");
      expect(await toastOf(response)).toMatchObject({ title: "Error", description: "Failed to load member details", variant: "destructive" });
    }
  });

  it("still opens the form, saying 'Failed to load positions', when the positions cannot be read", async () => {
    await seedDemo();
    await dropTable("leadership_positions");
    for (const path of ["/admin/leadership/new", "/admin/leadership/edit/2"]) {
      const response = await request(path, { cookie });
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).toMatch(/role="alert"[^>]*>Failed to load positions/);
    }
    expect(await (await request("/admin/leadership/edit/2", { cookie })).text()).toContain('value="Mphatso Phiri"');
  });

  it("fails cleanly when saving a member that was deleted meanwhile", async () => {
    await seedReference();
    const response = await postForm("/admin/leadership/edit/42", { version: await formVersion("leadership_members", 42), ...valid }, { cookie });
    expect(response.headers.get("Location")).toBe("/admin/account/unsaved"); // what was typed is kept there (decision 037)
    expect(await toastOf(response)).toMatchObject({ title: "Error", description: "Failed to save member: this record no longer exists.", variant: "destructive" });
    expect(await members()).toEqual([]);
  });
});

describe("toggle and delete from the list", () => {
  it("toggles a member with 'Status Updated', and says when it cannot", async () => {
    await seedDemo();
    const off = await postForm("/admin/leadership/edit/1", { intent: "toggle-active" }, { cookie });
    expect(off.headers.get("Location")).toBe("/admin?tab=leadership");
    expect(await toastOf(off)).toMatchObject({ title: "Status Updated" });
    expect((await members())[0]).toMatchObject({ active: 0 });
    const on = await postForm("/admin/leadership/edit/1", { intent: "toggle-active" }, { cookie });
    expect(await toastOf(on)).toMatchObject({ title: "Status Updated" });
    expect((await members())[0]).toMatchObject({ active: 1 });
    const missing = await postForm("/admin/leadership/edit/99", { intent: "toggle-active" }, { cookie });
    expect(await toastOf(missing)).toMatchObject({ title: "Error", description: "Failed to update member status", variant: "destructive" });
  });

  it("uploads a photo without JavaScript, keeps it when an SVG is refused, and deletes it with the member after the dialog", async () => {
    await seedReference();
    const photo = new File([fixtureBytes("jpeg")], "portrait.jpg", { type: "image/jpeg" });
    const created = await postMultipart("/admin/leadership/new", { ...valid, image_file: photo }, { cookie });
    expect(await toastOf(created)).toMatchObject({ title: "Member Added" });
    const [member] = await members();
    expect(member!.image_url).toMatch(/^\/images\/profile-images\//);
    const stored = (await env.IMAGES.list()).objects.map((o) => `/images/${o.key}`);
    expect(stored).toEqual([member!.image_url]);

    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "portrait.png", { type: "image/png" });
    const refused = await postMultipart("/admin/leadership/edit/1", { version: await formVersion("leadership_members", 1), ...valid, image_url: String(member!.image_url), image_file: svg }, { cookie });
    expect(await toastOf(refused)).toMatchObject({ title: "Upload Error", variant: "destructive" });
    expect((await members())[0]!.image_url).toBe(member!.image_url);
    expect((await env.IMAGES.list()).objects).toHaveLength(1);

    const dialog = await (await request("/admin?tab=leadership&delete=1", { cookie })).text();
    expect(dialog).toMatch(/<dialog[^>]*open=""/);
    expect(textOf(dialog)).toContain("Delete team member? Yohane Chisale will be removed from the leadership team and from the website.");

    const deleted = await postForm("/admin/leadership/edit/1", { intent: "delete" }, { cookie });
    expect(deleted.headers.get("Location")).toBe("/admin?tab=leadership");
    expect(await toastOf(deleted)).toMatchObject({ title: "Member Deleted" });
    expect(await members()).toEqual([]);
    expect((await env.IMAGES.list()).objects).toHaveLength(0);

    const again = await postForm("/admin/leadership/edit/1", { intent: "delete" }, { cookie });
    expect(await toastOf(again)).toMatchObject({ title: "Error", description: expect.stringMatching(/^Failed to delete member/) });
  });
});

describe("the public leadership page", () => {
  it("shows an edit at once, and no longer shows a member made inactive", async () => {
    await seedDemo();
    await postForm(
      "/admin/leadership/edit/2",
      { version: await formVersion("leadership_members", 2), ...valid, full_name: "Mphatso Phiri-Banda", title: "Dr.", position_id: "2", bio: "Now a medical doctor." },
      { cookie },
    );
    let { text } = await getPage("/leadership");
    expect(text).toContain("Dr. Mphatso Phiri-Banda Vice President Now a medical doctor.");
    await postForm("/admin/leadership/edit/2", { intent: "toggle-active" }, { cookie });
    ({ text } = await getPage("/leadership"));
    expect(text).not.toContain("Mphatso Phiri-Banda");
    expect(text).toContain("Rev. Chikondi Banda");
  });
});
