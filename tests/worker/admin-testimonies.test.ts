// The testimonies manager: list, create/edit with the spec's validation, toggle, delete, images.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { fixtureBytes } from "../fixtures/images";
import { createAdmin, postForm, postMultipart, request, runSql, signIn, toastOf, formVersion } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
});

async function testimonies() {
  const { results } = await env.DB.prepare("SELECT id, author, role, content, active, image_url FROM church_testimonies ORDER BY id").all();
  return results;
}

const valid = { author: "Yamikani Nkhoma", role: "Elder, Mzuzu", content: "God renewed my family through this ministry.", active: "on" };

describe("testimonies tab", () => {
  it("lists every testimony newest first with its toggle, and says when there are none", async () => {
    const empty = await (await request("/admin?tab=testimonies", { cookie })).text();
    expect(empty).toContain("No testimonies yet.");
    await runSql([
      "INSERT INTO church_testimonies (author, content, active, created_at) VALUES ('Older Author', 'An older testimony text', 1, '2026-01-01T00:00:00.000Z')",
      "INSERT INTO church_testimonies (author, role, content, active, created_at) VALUES ('Newer Author', 'Teacher', 'A newer testimony text', 0, '2026-06-01T00:00:00.000Z')",
    ]);
    const body = await (await request("/admin?tab=testimonies", { cookie })).text();
    expect(body.indexOf("Newer Author")).toBeLessThan(body.indexOf("Older Author"));
    expect(body).toMatch(/aria-label="Inactive: activate testimony by Newer Author"[^>]*>Inactive</);
    expect(body).toMatch(/aria-label="Active: deactivate testimony by Older Author"[^>]*>Active</);
    expect(body).toContain('href="/admin/testimonies/new"');
  });

  it("sends /admin/testimonies to the tab", async () => {
    const response = await request("/admin/testimonies", { cookie });
    expect(response.headers.get("Location")).toBe("/admin?tab=testimonies");
  });
});

describe("testimony form", () => {
  it("Create sent again after its answer was lost (or twice at once) makes one testimony; both answers say it was saved", async () => {
    const first = await postForm("/admin/testimonies/new", valid, { cookie });
    expect(first.status).toBe(302);
    const again = await postForm("/admin/testimonies/new", valid, { cookie });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(await toastOf(again)).toEqual(await toastOf(first));
    const both = await Promise.all([0, 1].map(() => postForm("/admin/testimonies/new", { ...valid, author: "Chikondi Phiri" }, { cookie })));
    expect(both.map((answer) => answer.status)).toEqual([302, 302]);
    expect((await testimonies()).map((row) => row.author)).toEqual(["Yamikani Nkhoma", "Chikondi Phiri"]);
    // Another testimony with other words is another testimony.
    expect((await postForm("/admin/testimonies/new", { ...valid, content: "A second testimony of his." }, { cookie })).status).toBe(302);
    expect(await testimonies()).toHaveLength(3);
    // The log says what happened: three testimonies created, not five.
    const created = await env.DB.prepare("SELECT target FROM activity_log WHERE action LIKE 'Created%' ORDER BY id").all<{ target: string }>();
    expect(created.results.map((row) => row.target.replace(/ “.*/, ""))).toEqual(["testimony 1", "testimony 2", "testimony 3"]);
  });

  it("shows the create form with its labels, and the edit form with the record", async () => {
    const create = await (await request("/admin/testimonies/new", { cookie })).text();
    for (const text of ["Create New Testimony", "Author Name*", "Role/Position", "Active (visible on the website)", "Profile Image", "Testimony Content*", "Create Testimony", "Cancel", "Back"]) {
      expect(create).toContain(text);
    }
    expect(create).toMatch(/name="active" checked=""/);
    await runSql(["INSERT INTO church_testimonies (id, author, content, active) VALUES (7, 'Thokozani Gondwe', 'My mentor met me every month.', 0)"]);
    const edit = await (await request("/admin/testimonies/edit/7", { cookie })).text();
    expect(edit).toContain("Edit Testimony");
    expect(edit).toContain('value="Thokozani Gondwe"');
    expect(edit).toContain("Update Testimony");
    expect(edit).not.toMatch(/name="active" checked=""/);
  });

  it("a phone photo over 5 MB posted without JavaScript loses nothing typed: the rest is saved and the toast says the picture was too big", async () => {
    const photo = new Uint8Array(12 * 1024 * 1024);
    photo.set(fixtureBytes("jpeg"));
    const response = await postMultipart(
      "/admin/testimonies/new",
      { intent: "save", author: "Typed On A Phone", role: "", content: "A long testimony typed on a phone, with a big photo.", active: "on", image_file: new File([photo], "IMG_2041.jpg", { type: "image/jpeg" }) },
      { cookie },
    );
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ title: "Upload Error", description: "Images must be 5 MB or smaller. The rest was saved; the image was not changed." });
    const saved = await env.DB.prepare("SELECT author, content, image_url FROM church_testimonies").all();
    expect(saved.results).toEqual([{ author: "Typed On A Phone", content: "A long testimony typed on a phone, with a big photo.", image_url: null }]);
  });

  it("refuses a missing author and short content with the spec's messages and keeps what was typed", async () => {
    const response = await postForm("/admin/testimonies/new", { intent: "save", author: "  ", role: "Farmer", content: "Too short", active: "on" }, { cookie });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("Author name is required");
    expect(body).toContain("Content must be at least 10 characters");
    expect(body).toContain('value="Farmer"');
    expect(body).toContain(">Too short</textarea>");
    expect(await testimonies()).toEqual([]);
  });

  it("creates a testimony, active by default, and returns to the list with the spec's toast", async () => {
    const response = await postForm("/admin/testimonies/new", { intent: "save", ...valid }, { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin?tab=testimonies");
    expect(await toastOf(response)).toMatchObject({ title: "Testimony created successfully" });
    expect(await testimonies()).toEqual([{ id: 1, ...valid, active: 1, image_url: null }]);
  });

  it("updates a testimony, stores an empty role as null and unchecked active as false", async () => {
    await runSql(["INSERT INTO church_testimonies (id, author, content) VALUES (3, 'Old Name', 'Original testimony content')"]);
    const response = await postForm("/admin/testimonies/edit/3", { version: await formVersion("church_testimonies", 3), intent: "save", author: "New Name", role: "", content: "Updated testimony content" }, { cookie });
    expect(await toastOf(response)).toMatchObject({ title: "Testimony updated successfully" });
    expect(await testimonies()).toEqual([{ id: 3, author: "New Name", role: null, content: "Updated testimony content", active: 0, image_url: null }]);
  });

  it("toggles active from the list with the spec's toasts", async () => {
    await runSql(["INSERT INTO church_testimonies (id, author, content) VALUES (4, 'A', 'Some testimony content')"]);
    const off = await postForm("/admin/testimonies/edit/4", { intent: "toggle-active" }, { cookie });
    expect(off.headers.get("Location")).toBe("/admin?tab=testimonies");
    expect(await toastOf(off)).toMatchObject({ title: "Testimony deactivated successfully" });
    const on = await postForm("/admin/testimonies/edit/4", { intent: "toggle-active" }, { cookie });
    expect(await toastOf(on)).toMatchObject({ title: "Testimony activated successfully" });
    expect((await testimonies())[0]).toMatchObject({ active: 1 });
    const missing = await postForm("/admin/testimonies/edit/99", { intent: "toggle-active" }, { cookie });
    expect(await toastOf(missing)).toMatchObject({ title: "Error", description: "Failed to update testimony status", variant: "destructive" });
  });

  it("deletes a testimony and its image, asking first in a dialog that works without JavaScript", async () => {
    const upload = await postMultipart("/admin/testimonies/new", { intent: "save", ...valid, image_file: new File([fixtureBytes("jpeg")], "photo.jpg", { type: "image/jpeg" }) }, { cookie });
    expect(await toastOf(upload)).toMatchObject({ title: "Testimony created successfully" });
    expect((await env.IMAGES.list()).objects).toHaveLength(1);

    const dialog = await (await request("/admin?tab=testimonies&delete=1", { cookie })).text();
    expect(dialog).toMatch(/<dialog[^>]*open=""/);
    expect(dialog).toContain("Delete testimony?");

    const response = await postForm("/admin/testimonies/edit/1", { intent: "delete" }, { cookie });
    expect(await toastOf(response)).toMatchObject({ title: "Testimony deleted successfully" });
    expect(await testimonies()).toEqual([]);
    expect((await env.IMAGES.list()).objects).toHaveLength(0);
  });

  it("keeps the previous image when an upload is refused, and removes a replaced image", async () => {
    await postMultipart("/admin/testimonies/new", { intent: "save", ...valid, image_file: new File([fixtureBytes("png")], "a.png", { type: "image/png" }) }, { cookie });
    const [first] = await testimonies();
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "b.png", { type: "image/png" });
    const refused = await postMultipart("/admin/testimonies/edit/1", { version: await formVersion("church_testimonies", 1), intent: "save", ...valid, image_url: String(first!.image_url), image_file: svg }, { cookie });
    expect(await toastOf(refused)).toMatchObject({ title: "Upload Error", variant: "destructive" });
    expect((await testimonies())[0]!.image_url).toBe(first!.image_url);

    await postMultipart("/admin/testimonies/edit/1", { version: await formVersion("church_testimonies", 1), intent: "save", ...valid, image_url: String(first!.image_url), image_file: new File([fixtureBytes("webp")], "c.webp", { type: "image/webp" }) }, { cookie });
    const [second] = await testimonies();
    expect(second!.image_url).not.toBe(first!.image_url);
    const keys = (await env.IMAGES.list()).objects.map((o) => `/images/${o.key}`);
    expect(keys).toEqual([second!.image_url]);
  });

  it("never points a record at a URL that is not ours", async () => {
    await postForm("/admin/testimonies/new", { intent: "save", ...valid, image_url: "https://evil.example/x.png" }, { cookie });
    expect((await testimonies())[0]).toMatchObject({ image_url: null });
  });

  it("fails cleanly when saving a testimony that was deleted meanwhile", async () => {
    const response = await postForm("/admin/testimonies/edit/42", { version: await formVersion("church_testimonies", 42), intent: "save", ...valid }, { cookie });
    expect(response.headers.get("Location")).toBe("/admin/account/unsaved"); // what was typed is kept there (decision 037)
    expect(await toastOf(response)).toMatchObject({ title: "Error", description: "Failed to update testimony: this record no longer exists." });
    expect(await testimonies()).toEqual([]);
  });

  it("sends a failed load back to the Testimonies tab (where /admin/testimonies leads) with the spec's toast", async () => {
    for (const id of ["42", "abc"]) {
      const response = await request(`/admin/testimonies/edit/${id}`, { cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin?tab=testimonies");
      expect(await toastOf(response)).toMatchObject({ title: "Error", description: "Failed to load testimony" });
    }
  });

  it("stores hostile text verbatim and shows it inert on the public page", async () => {
    const hostile = { ...valid, author: "<script>alert('x')</script>", content: "'; DROP TABLE church_testimonies; -- <img src=x onerror=alert(1)>" };
    await postForm("/admin/testimonies/new", { intent: "save", ...hostile }, { cookie });
    expect((await testimonies())[0]).toMatchObject({ author: hostile.author, content: hostile.content });
    const page = await (await request("/testimonies")).text();
    expect(page).not.toContain("<script>alert('x')</script>");
    expect(page).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
    expect(page).not.toContain("<img src=x");
  });
});
