// Every public page costs at most one D1 round trip (issue: performance): a page's queries go out
// together in one `batch`, because each round trip from a Worker to D1 adds latency a visitor on a
// slow phone connection waits through. A repeat view from the edge cache costs none.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import routes from "~/routes";
import { demoPath, flattenRoutes, routesExcept } from "../support/route-paths";
import { countD1Calls, createAdmin, request, seedDemo, signIn, TEST_ADMIN } from "./helpers";

/** Public routes not counted here, and why. */
const NOT_COUNTED: Record<string, string> = {
  "/events/:id/calendar.ics": "a calendar file, not a page",
  "/registrations/:token": "a registration's private page, whose token a registration makes: registration-page.test.ts counts its round trips",
  "/groups/:token": "a group leader's private page: its token is made when a group registers, the demo has none",
  "/give/:token": "a gift's thank-you page: its token is made when someone gives, the demo has none",
  "/auth/two-step": "opens only in the middle of signing in (redirects to /auth otherwise)",
  "/*": "answers 404",
  "/newsletter/unsubscribe/:token": "private (never edge cached): counted apart (E_MAIL_LINKS)",
  "/newsletter/confirm/:token": "private (never edge cached): counted apart (E_MAIL_LINKS)",
  "/logout": "signs out and redirects",
  "/r/:token": "the SMS short link: a redirect",
  "/robots.txt": "a text file, not a page",
  "/sitemap.xml": "an XML file, not a page",
  "/blog/rss.xml": "an XML feed, not a page",
  "/manifest.webmanifest": "a JSON manifest, not a page",
  "/check-in.webmanifest": "a JSON manifest, not a page",
};

/**
 * The links in e-mails, with the demo's tokens (one waiting for its button, one naming nobody), and a
 * token not shaped like the site's. Private (no-store), so the edge cache never keeps them: each view
 * costs its one round trip (the settings and the token's row in one batch).
 */
const E_MAIL_LINKS = [
  "/newsletter/unsubscribe/demo-reader-unsubscribe-token",
  "/newsletter/confirm/00000000000000000000000000000000",
  "/newsletter/confirm/not-a-token",
];

/** Pages the edge cache never keeps, and why. */
const NOT_EDGE_CACHED: Record<string, string> = {
  "/auth": "the edge cache skips /auth (UNCACHED_PREFIXES in workers/edge-cache.ts)",
};

/**
 * Pages that read content (their copy and contact details are settings, read like any page's
 * data): exactly one round trip each. Every public page of app/routes.ts, so a page added later is
 * counted the day it is added, and more states of some: a post by its id, a ministry shown in
 * full, a search, the registration dialog.
 */
const DATA_PAGES = [
  ...routesExcept(flattenRoutes(routes), (route) => !route.path.startsWith("/admin"), NOT_COUNTED).map(
    (route) => demoPath(route.path),
  ),
  "/blog/1",
  "/ministries?slug=discipleship",
  "/associations?q=Lilongwe",
  "/events?register=1",
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

describe("D1 round trips of the links in e-mails (edge cache off)", () => {
  it.each(E_MAIL_LINKS)("%s makes one", async (path) => {
    const { status, count } = await d1CallsFor(path);
    expect(status).toBe(200);
    expect(count).toBe(1);
  });
});

describe("D1 round trips with the edge cache on", () => {
  it.each(DATA_PAGES.filter((path) => !(path in NOT_EDGE_CACHED)))("a repeat view of %s makes none", async (path) => {
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
