import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, postForm, request, runSql, seedDemo, signIn, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

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

  it("counts the registrations people hold (confirmed or waiting), and says how many were cancelled apart, as the desk counts them", async () => {
    await runSql(["UPDATE event_registrations SET status = 'cancelled' WHERE id = (SELECT min(id) FROM event_registrations)"]);
    const body = await (await request("/admin", { cookie })).text();
    const card = /<p class="text-sm font-medium text-stone-600">Event Registrations<\/p>.*?<p class="mt-2 text-3xl font-bold text-stone-900">(\d+)<\/p><p class="mt-1 text-sm text-stone-600">([^<]+)<\/p>/s.exec(body);
    const held = (await env.DB.prepare("SELECT status, count(*) AS n FROM event_registrations GROUP BY status").all<{ status: string; n: number }>()).results;
    const n = (status: string) => held.find((row) => row.status === status)?.n ?? 0;
    expect(Number(card?.[1])).toBe(n("confirmed") + n("waitlisted"));
    expect(card?.[2]).toContain("1 cancelled, not counted");
    expect(card?.[2]).toContain(`${n("confirmed")} confirmed`);
  });

  it("marks the tab chosen with ?tab= as current, and falls back to the dashboard for an unknown tab", async () => {
    const events = await (await request("/admin?tab=events", { cookie })).text();
    expect(events).toMatch(/aria-current="page"[^>]*href="\/admin\?tab=events"|href="\/admin\?tab=events"[^>]*aria-current="page"/);
    // Only that tab: a screen reader calls no other one the current page.
    const nav = /<nav aria-label="Dashboard sections".*?<\/nav>/s.exec(events)![0];
    expect(nav.match(/aria-current="page"/g)).toHaveLength(1);
    const unknown = await (await request("/admin?tab=passwords", { cookie })).text();
    expect(unknown).toContain("Quick Actions");
  });

  it("shows this month's fees net of the refunds recorded on the desk, in the desk's words", async () => {
    await runSql([
      "INSERT INTO churchevents (id, name, date, price) VALUES (900, 'Fees Rally', '2030-06-12T06:00:00.000Z', 5000)",
      ...[901, 902].map((id) => `INSERT INTO event_registrations (id, event_id, full_name, phone_number, dedupe_key, status, code, token) VALUES (${id}, 900, 'Payer ${id}', '+265991000${id}', '+265991000${id}', 'confirmed', 'FEE${id}', 'token-fee-${id}-0123456789')`),
    ]);
    const desk = "/admin/events/registrations/900";
    const act = (fields: Record<string, string>) => postForm(desk, fields, { cookie });
    for (const id of ["901", "902"]) expect(await toastOf(await act({ intent: "record-cash", registration_id: id, amount: "5000", receipt_number: `R-${id}` }))).toMatchObject({ title: "Cash recorded" });
    // Payer 901 cannot come after all: cancelled, then given his money back.
    await runSql(["UPDATE event_registrations SET status = 'cancelled', cancelled_at = '2030-01-03T10:00:00.000Z' WHERE id = 901"]);
    expect(await toastOf(await act({ intent: "record-refund", registration_id: "901", amount: "5000" }))).toMatchObject({ title: "Refund recorded" });

    const card = textOf(await (await request("/admin", { cookie })).text());
    expect(card).toContain("Money this month Fees MK 5,000 MK 10,000 received, MK 5,000 refunded Gifts MK 0");
    // The desk says the same of the event.
    expect(textOf(await (await request(desk, { cookie })).text())).toContain("MK 10,000 received (MK 0 online, MK 10,000 in cash), MK 5,000 refunded");
  });
});
