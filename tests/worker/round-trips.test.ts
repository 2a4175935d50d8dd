// Every public page costs at most one D1 round trip (issue: performance): a page's queries go out
// together in one `batch`, because each round trip from a Worker to D1 adds latency a visitor on a
// slow phone connection waits through. A repeat view from the edge cache costs none.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countD1Calls, createAdmin, request, seedDemo, signIn, TEST_ADMIN } from "./helpers";

/** Pages that read content: exactly one round trip each. */
const DATA_PAGES = [
  "/",
  "/leadership",
  "/ministries",
  "/ministries?slug=discipleship",
  "/ministries/youth-mentorship",
  "/blog",
  "/blog/rising-early-mark-1-35",
  "/blog/1",
  "/testimonies",
  "/associations",
  "/associations?q=Lilongwe",
  "/events",
  "/events?register=1",
  "/events/1",
  // Their copy and contact details are settings, read like any page's data.
  "/about",
  "/mission",
  "/contact",
  "/auth",
];

function setEdgeCache(value: "on" | "off") {
  (env as { EDGE_CACHE?: string }).EDGE_CACHE = value;
}

beforeEach(async () => {
  await seedDemo();
});
afterEach(() => {
  setEdgeCache("off");
  vi.restoreAllMocks();
});

async function d1CallsFor(path: string) {
  const calls = countD1Calls();
  const response = await request(path);
  await response.text();
  const count = calls();
  vi.restoreAllMocks();
  return { status: response.status, count };
}

describe("the D1 call counter", () => {
  it("counts a batch as one round trip and each single statement as one", async () => {
    const calls = countD1Calls();
    await env.DB.batch([env.DB.prepare("SELECT 1"), env.DB.prepare("SELECT 2")]);
    expect(calls()).toBe(1);
    await env.DB.prepare("SELECT 1").first();
    await env.DB.prepare("SELECT 1").all();
    expect(calls()).toBe(3);
  });
});

describe("D1 round trips per public page (edge cache off)", () => {
  it.each(DATA_PAGES)("%s makes exactly one", async (path) => {
    const { status, count } = await d1CallsFor(path);
    expect(status).toBe(200);
    expect(count).toBe(1);
  });
});

describe("D1 round trips with the edge cache on", () => {
  it.each(DATA_PAGES.filter((path) => path !== "/auth"))("a repeat view of %s makes none", async (path) => {
    setEdgeCache("on");
    await (await request(path)).text();
    const repeat = await d1CallsFor(path);
    expect(repeat.status).toBe(200);
    expect(repeat.count).toBe(0);
  });
});

describe("D1 round trips of the admin dashboard", () => {
  it("an Administrator's dashboard, this month's money card included, costs no more than an Editor's: the session's check and one batch", async () => {
    await createAdmin();
    await createAdmin("editor@example.mw", TEST_ADMIN.password, "editor");
    const admin = await signIn();
    const editor = await signIn("editor@example.mw", TEST_ADMIN.password, "203.0.113.2");
    const counted = async (cookie: string) => {
      const calls = countD1Calls();
      const response = await request("/admin", { cookie });
      const text = await response.text();
      const count = calls();
      vi.restoreAllMocks();
      return { status: response.status, count, showsMoney: text.includes("Gifts") };
    };
    const asAdmin = await counted(admin);
    const asEditor = await counted(editor);
    expect(asAdmin).toMatchObject({ status: 200, showsMoney: true });
    expect(asEditor).toMatchObject({ status: 200, showsMoney: false });
    expect(asAdmin.count).toBe(asEditor.count);
    // Reading the session is one round trip; the page's counts, lists and money another.
    expect(asAdmin.count).toBeLessThanOrEqual(2);
  });
});

describe("D1 round trips of the pages staff use on an event's day", () => {
  // Reading the session is one round trip; everything the page shows (the people listed, their
  // answers and groups, the questions, the counts by association, the fees) one batch.
  it.each([
    ["the registration desk", "/admin/events/registrations/1", "Registrations"],
    ["the desk searched and filtered", "/admin/events/registrations/1?status=confirmed&q=a", "Registrations"],
    ["the paid event's desk, with its fees", "/admin/events/registrations/2", "Registrations"],
    ["check-in", "/admin/events/1/check-in", "Check-in"],
    ["check-in searched", "/admin/events/1/check-in?q=a", "Check-in"],
    ["the event's form", "/admin/events/edit/1", "Edit Event"],
  ])("%s costs the session's check and one batch", async (_name, path, heading) => {
    await createAdmin();
    const cookie = await signIn();
    const calls = countD1Calls();
    const response = await request(path, { cookie });
    const text = await response.text();
    const count = calls();
    vi.restoreAllMocks();
    expect(response.status).toBe(200);
    expect(text).toContain(heading);
    expect(text).not.toContain("Failed to load data");
    expect(count).toBeLessThanOrEqual(2);
  });
});
