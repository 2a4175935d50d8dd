// Faults and data safety (issue): admin saves that arrive at the same moment all land, a save racing
// a delete of the same record fails cleanly, and simultaneous toggles leave a consistent state. All
// through the real Worker, with the requests in flight together (Promise.all).
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fixtureBytes } from "../fixtures/images";
import { createAdmin, postForm, postMultipart, runSql, signIn, toastOf, formVersion } from "./helpers";

const N = 50;
const ids = Array.from({ length: N }, (_, i) => i + 1);

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function seedTestimonies(count: number, active = true) {
  await runSql(
    Array.from(
      { length: count },
      (_, i) => `INSERT INTO church_testimonies (id, author, role, content, active) VALUES (${i + 1}, 'Author ${i + 1}', 'Role ${i + 1}', 'The original testimony number ${i + 1}.', ${active ? 1 : 0})`,
    ),
  );
}

async function rows<T>(sql: string): Promise<T[]> {
  return (await env.DB.prepare(sql).all<T>()).results;
}

/** Waits for the image clean-up the Worker runs after answering (waitUntil). */
async function expectNoImagesLeft() {
  await vi.waitFor(async () => expect((await env.IMAGES.list()).objects.map((o) => o.key)).toEqual([]), { timeout: 5000 });
}

describe(`${N} simultaneous admin saves of different records`, () => {
  it("all land: every testimony has exactly what its own save sent", async () => {
    await seedTestimonies(N);
    const responses = await Promise.all(
      ids.map(async (id) =>
        postForm(`/admin/testimonies/edit/${id}`, { version: await formVersion("church_testimonies", id), intent: "save", author: `Saved author ${id}`, role: `Elder ${id}`, content: `Testimony ${id}, saved at the same moment as the others.`, active: id % 2 ? "on" : "" }, { cookie }),
      ),
    );
    for (const [i, response] of responses.entries()) {
      expect(response.status, `save ${ids[i]}`).toBe(302);
      expect(await toastOf(response), `save ${ids[i]}`).toEqual({ title: "Testimony updated successfully" });
    }
    const stored = await rows<{ id: number; author: string; role: string; content: string; active: number }>("SELECT id, author, role, content, active FROM church_testimonies ORDER BY id");
    expect(stored).toEqual(
      ids.map((id) => ({ id, author: `Saved author ${id}`, role: `Elder ${id}`, content: `Testimony ${id}, saved at the same moment as the others.`, active: id % 2 ? 1 : 0 })),
    );
  });

  it("all land: every ministry, each renamed to its own new slug", async () => {
    await runSql(ids.map((id) => `INSERT INTO ministries (id, title, slug, short_description, full_description, sort_order) VALUES (${id}, 'Ministry ${id}', 'ministry-${id}', 'Short ${id}', 'Full ${id}', ${id})`));
    const responses = await Promise.all(
      ids.map((id) =>
        postForm(
          `/admin/ministries/edit/${id}`,
          { intent: "save", version: "1", title: `Renamed ${id}`, slug: `renamed-${id}`, slug_auto: "", short_description: `New short ${id}`, full_description: `New full ${id}`, sort_order: String(N - id), active: "on" },
          { cookie },
        ),
      ),
    );
    for (const [i, response] of responses.entries()) {
      expect(await toastOf(response), `save ${ids[i]}`).toEqual({ title: "Ministry updated successfully" });
    }
    const stored = await rows<{ id: number; title: string; slug: string; short_description: string; sort_order: number }>("SELECT id, title, slug, short_description, sort_order FROM ministries ORDER BY id");
    expect(stored).toEqual(ids.map((id) => ({ id, title: `Renamed ${id}`, slug: `renamed-${id}`, short_description: `New short ${id}`, sort_order: N - id })));
  });

  it(`all land when they are new: ${N} testimonies created at once are ${N} rows`, async () => {
    const responses = await Promise.all(
      ids.map((id) => postForm("/admin/testimonies/new", { intent: "save", author: `New author ${id}`, role: "", content: `A new testimony, number ${id}.`, active: "on" }, { cookie })),
    );
    for (const response of responses) expect(await toastOf(response)).toEqual({ title: "Testimony created successfully" });
    const stored = await rows<{ author: string }>("SELECT author FROM church_testimonies");
    expect(stored.map((r) => r.author).sort()).toEqual(ids.map((id) => `New author ${id}`).sort());
  });
});

describe("a save racing a delete of the same record", () => {
  const RACES = 20;

  it("fails cleanly: the delete wins; the save either landed first or is refused as 'no longer exists'; nothing is left behind", async () => {
    await seedTestimonies(RACES);
    const raced = Array.from({ length: RACES }, (_, i) => i + 1);
    // Half the saves carry a new photo, so a refused save must also clean up the upload it made.
    const results = await Promise.all(
      raced.map(async (id) => {
        const fields = { version: await formVersion("church_testimonies", id), intent: "save", author: `Racing author ${id}`, role: "", content: `A save racing the delete of ${id}.`, active: "on" };
        const save = id % 2 ? postMultipart(`/admin/testimonies/edit/${id}`, { ...fields, image_file: new File([fixtureBytes("png")], `p${id}.png`, { type: "image/png" }) }, { cookie }) : postForm(`/admin/testimonies/edit/${id}`, fields, { cookie });
        const remove = postForm(`/admin/testimonies/edit/${id}`, { intent: "delete" }, { cookie });
        return Promise.all([save, remove]);
      }),
    );

    for (const [i, [save, remove]] of results.entries()) {
      const id = raced[i]!;
      expect([save.status, remove.status], `record ${id}`).toEqual([302, 302]);
      expect(await toastOf(remove), `delete ${id}`).toEqual({ title: "Testimony deleted successfully" });
      const saved = await toastOf(save);
      expect([
        JSON.stringify({ title: "Testimony updated successfully" }),
        JSON.stringify({ title: "Error", description: "Failed to update testimony: this record no longer exists.", variant: "destructive" }),
      ], `save ${id}`).toContain(JSON.stringify(saved));
    }
    // Nothing half-written: no row came back to life, no orphan row was created, no photo stayed in R2.
    expect(await rows("SELECT id FROM church_testimonies")).toEqual([]);
    await expectNoImagesLeft();
  });

  it("at the worst moment (the delete lands while the save uploads its photo): the save is refused and its photo removed", async () => {
    await seedTestimonies(1);
    const put = env.IMAGES.put.bind(env.IMAGES);
    let remove: Response | undefined;
    vi.spyOn(env.IMAGES, "put").mockImplementation(async (...args: Parameters<R2Bucket["put"]>) => {
      remove ??= await postForm("/admin/testimonies/edit/1", { intent: "delete" }, { cookie });
      return put(...args);
    });
    const save = await postMultipart(
      "/admin/testimonies/edit/1",
      { version: await formVersion("church_testimonies", 1), intent: "save", author: "Too late", role: "", content: "This save lost the race to a delete.", active: "on", image_file: new File([fixtureBytes("png")], "late.png", { type: "image/png" }) },
      { cookie },
    );
    expect(await toastOf(remove!)).toEqual({ title: "Testimony deleted successfully" });
    expect(await toastOf(save)).toEqual({ title: "Error", description: "Failed to update testimony: this record no longer exists.", variant: "destructive" });
    expect(await rows("SELECT id FROM church_testimonies")).toEqual([]);
    await expectNoImagesLeft();
  });

  it("two deletes at once: one deletes, the other says it no longer exists (not an error page)", async () => {
    await seedTestimonies(1);
    const [first, second] = await Promise.all([
      postForm("/admin/testimonies/edit/1", { intent: "delete" }, { cookie }),
      postForm("/admin/testimonies/edit/1", { intent: "delete" }, { cookie }),
    ]);
    const toasts = [await toastOf(first), await toastOf(second)].map((t) => t?.description ?? t?.title).sort();
    expect(toasts).toEqual(["Failed to delete testimony: it no longer exists.", "Testimony deleted successfully"]);
  });
});

describe("two admins toggling the same record at once", () => {
  let other: string;
  beforeEach(async () => {
    await createAdmin("second.admin@example.org", "second-admin-password");
    other = await signIn("second.admin@example.org", "second-admin-password", "203.0.113.2");
  });

  it("each toggle flips it once: two flips leave it as it was, and the toasts tell one story", async () => {
    await seedTestimonies(20);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        Promise.all([
          postForm(`/admin/testimonies/edit/${i + 1}`, { intent: "toggle-active" }, { cookie }),
          postForm(`/admin/testimonies/edit/${i + 1}`, { intent: "toggle-active" }, { cookie: other }),
        ]),
      ),
    );
    for (const [i, pair] of results.entries()) {
      const titles = (await Promise.all(pair.map(async (r) => (await toastOf(r))?.title))).sort();
      expect(titles, `testimony ${i + 1}`).toEqual(["Testimony activated successfully", "Testimony deactivated successfully"]);
    }
    expect(await rows<{ active: number }>("SELECT active FROM church_testimonies WHERE active = 0")).toEqual([]);
  });

  it("a form opened before someone switched the record's Active flag on the list is refused, not saved over the switch", async () => {
    await seedTestimonies(1);
    const opened = await formVersion("church_testimonies", 1);
    expect((await toastOf(await postForm("/admin/testimonies/edit/1", { intent: "toggle-active" }, { cookie: other })))?.title).toBe("Testimony deactivated successfully");
    const save = await postForm("/admin/testimonies/edit/1", { version: opened, intent: "save", author: "Author 1", role: "Role 1", content: "A typo fixed in the original testimony.", active: "on" }, { cookie });
    expect(save.status).toBe(409);
    const html = await save.text();
    // What was typed is kept, and the record keeps the switch.
    expect(html).toContain("A typo fixed in the original testimony.");
    expect(await rows<{ active: number; content: string; updated_by: string }>("SELECT active, content, updated_by FROM church_testimonies")).toEqual([
      { active: 0, content: "The original testimony number 1.", updated_by: "second.admin@example.org" },
    ]);
  });

  it("three admins' toggles at once leave a leadership member flipped once, never 'lost'", async () => {
    await createAdmin("third.admin@example.org", "third-admin-password");
    const third = await signIn("third.admin@example.org", "third-admin-password", "203.0.113.3");
    await runSql([
      "INSERT INTO leadership_positions (id, name, type, rank) VALUES (1, 'President', 'nec', 1)",
      ...Array.from({ length: 10 }, (_, i) => `INSERT INTO leadership_members (id, full_name, position_id, active) VALUES (${i + 1}, 'Member ${i + 1}', 1, 1)`),
    ]);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => Promise.all([cookie, other, third].map((c) => postForm(`/admin/leadership/edit/${i + 1}`, { intent: "toggle-active" }, { cookie: c })))),
    );
    for (const trio of results) {
      for (const response of trio) expect((await toastOf(response))?.title).toBe("Status Updated");
    }
    // Three flips of an active member: inactive, every time.
    expect(await rows<{ active: number }>("SELECT DISTINCT active FROM leadership_members")).toEqual([{ active: 0 }]);
  });
});
