import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, request, seedDemo, signIn } from "./helpers";

let cookie: string;
beforeEach(async () => {
  await seedDemo();
  await createAdmin();
  cookie = await signIn();
});

describe("/admin dashboard", () => {
  it("shows the header, the seven tabs, six exact counts and the three quick actions", async () => {
    const body = await (await request("/admin", { cookie })).text();
    expect(body).toMatch(/href="\/"[^>]*>View Website</);
    expect(body).toContain(">Sign Out<");
    expect(body).toContain("admin@example.org");
    for (const tab of ["Dashboard", "Leadership Team", "Ministries", "Blogs", "Testimonies", "Events", "Associations"]) {
      expect(body).toContain(`>${tab}</a>`);
    }
    // Demo content: 6 events, 5 posts, 6 testimonies, 5 ministries, 9 members, 4 registrations.
    const counts = [...body.matchAll(/<p class="text-sm font-medium text-stone-600">([^<]+)<\/p>.*?<p class="mt-2 text-3xl font-bold text-stone-900">(\d+)<\/p>/g)].map(
      (m) => [m[1], Number(m[2])],
    );
    expect(counts).toEqual([
      ["Events", 6],
      ["Blogs", 5],
      ["Testimonies", 6],
      ["Ministries", 5],
      ["Leadership Members", 9],
      ["Event Registrations", 4],
    ]);
    for (const tab of ["events", "blogs", "testimonies", "ministries", "leadership"]) {
      expect(body).toContain(`href="/admin?tab=${tab}"`);
    }
    for (const action of ["/admin/events/new", "/admin/blogs/new", "/admin/testimonies/new"]) {
      expect(body).toContain(`href="${action}"`);
    }
  });

  it("marks the tab chosen with ?tab= as current, and falls back to the dashboard for an unknown tab", async () => {
    const events = await (await request("/admin?tab=events", { cookie })).text();
    expect(events).toMatch(/aria-current="page"[^>]*href="\/admin\?tab=events"|href="\/admin\?tab=events"[^>]*aria-current="page"/);
    const unknown = await (await request("/admin?tab=passwords", { cookie })).text();
    expect(unknown).toContain("Quick Actions");
  });
});
