// Roles (issue 17): every /admin page (document, `.data` request and form post) and every
// /api/admin endpoint, for each role. The routes come from app/routes.ts and the Hono app; what each
// role may use is written out here from the issue, independently of app/features/accounts/roles.ts, so a route
// added without a rule, or a rule changed by mistake, fails here. (No session: admin-guard.test.ts
// and access.test.ts.)
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import routes from "~/routes";
import { api } from "../../workers/api";
import { flattenRoutes, samplePath } from "../support/route-paths";
import { createAdmin, postForm, request, seedDemo, signIn } from "./helpers";

type Role = "admin" | "editor" | "volunteer";
const ROLES: Role[] = ["admin", "editor", "volunteer"];
const ALL: Role[] = ["admin", "editor", "volunteer"];
const STAFF: Role[] = ["admin", "editor"];
const ADMINISTRATORS: Role[] = ["admin"];

/** Who may open each admin page, by its pattern in app/routes.ts. */
const PAGE_RULES: Record<string, Role[]> = {
  "/admin": STAFF, // a volunteer's /admin leads to check-in (below)
  "/admin/leadership": STAFF,
  "/admin/leadership/new": STAFF,
  "/admin/leadership/edit/:id": STAFF,
  "/admin/ministries": STAFF,
  "/admin/ministries/new": STAFF,
  "/admin/ministries/edit/:id": STAFF,
  "/admin/blogs": STAFF,
  "/admin/blogs/new": STAFF,
  "/admin/blogs/edit/:id": STAFF,
  "/admin/blogs/preview/:id": STAFF,
  "/admin/testimonies": STAFF,
  "/admin/testimonies/new": STAFF,
  "/admin/testimonies/edit/:id": STAFF,
  "/admin/associations": STAFF,
  "/admin/associations/new": STAFF,
  "/admin/associations/edit/:id": STAFF,
  "/admin/associations/import": STAFF,
  "/admin/events": STAFF,
  "/admin/events/new": STAFF,
  "/admin/events/edit/:id": STAFF,
  "/admin/events/registrations/:id": STAFF,
  "/admin/events/:id/message": STAFF,
  "/admin/events/:id/check-in": ALL,
  "/admin/events/:id/door-list": ALL,
  "/admin/check-in": ALL,
  "/admin/pages": STAFF,
  "/admin/messages": STAFF,
  "/admin/account": ALL,
  "/admin/account/two-step": ALL,
  "/admin/account/sessions": ALL,
  "/admin/account/unsaved": ALL,
  "/admin/settings": ADMINISTRATORS,
  "/admin/subscribers": ADMINISTRATORS,
  "/admin/activity": ADMINISTRATORS,
  "/admin/newsletter": ADMINISTRATORS,
  "/admin/newsletter/:id": ADMINISTRATORS,
  "/admin/outbox": ADMINISTRATORS,
  "/admin/outbox/setup": ADMINISTRATORS,
  "/admin/payments/setup": ADMINISTRATORS,
  "/admin/giving": ADMINISTRATORS,
  "/admin/outbox/:id": ADMINISTRATORS,
  // No admin page has this path: every role is told it is not found (a 403 would say it exists).
  "/admin/*": ALL,
};

/**
 * What an allowed role's document GET of each page answers, from what the route does (app/routes.ts):
 * the page (200); a content list's redirect to its dashboard tab (app/routes/admin/tab-redirect.tsx);
 * a record the demo content lacks (no newsletter or e-mail 1) leads back to its list; the made-up
 * page is the admin's 404. A volunteer's /admin is checked on its own (303 to check-in).
 */
const PAGE_ANSWERS: Record<string, [status: number, location: string | null]> = {
  "/admin": [200, null],
  "/admin/leadership": [302, "/admin?tab=leadership"],
  "/admin/leadership/new": [200, null],
  "/admin/leadership/edit/:id": [200, null],
  "/admin/ministries": [302, "/admin?tab=ministries"],
  "/admin/ministries/new": [200, null],
  "/admin/ministries/edit/:id": [200, null],
  "/admin/blogs": [302, "/admin?tab=blogs"],
  "/admin/blogs/new": [200, null],
  "/admin/blogs/edit/:id": [200, null],
  "/admin/blogs/preview/:id": [200, null],
  "/admin/testimonies": [302, "/admin?tab=testimonies"],
  "/admin/testimonies/new": [200, null],
  "/admin/testimonies/edit/:id": [200, null],
  "/admin/associations": [302, "/admin?tab=associations"],
  "/admin/associations/new": [200, null],
  "/admin/associations/edit/:id": [200, null],
  "/admin/associations/import": [200, null],
  "/admin/events": [302, "/admin?tab=events"],
  "/admin/events/new": [200, null],
  "/admin/events/edit/:id": [200, null],
  "/admin/events/registrations/:id": [200, null],
  "/admin/events/:id/message": [200, null],
  "/admin/events/:id/check-in": [200, null],
  "/admin/events/:id/door-list": [200, null],
  "/admin/check-in": [200, null],
  "/admin/pages": [200, null],
  "/admin/messages": [200, null],
  "/admin/account": [200, null],
  "/admin/account/two-step": [200, null],
  "/admin/account/sessions": [200, null],
  "/admin/account/unsaved": [200, null],
  "/admin/settings": [200, null],
  "/admin/subscribers": [200, null],
  "/admin/activity": [200, null],
  "/admin/newsletter": [200, null],
  "/admin/newsletter/:id": [302, "/admin/newsletter"],
  "/admin/outbox": [200, null],
  "/admin/outbox/setup": [200, null],
  "/admin/payments/setup": [200, null],
  "/admin/giving": [200, null],
  "/admin/outbox/:id": [302, "/admin/outbox"],
  "/admin/*": [404, null],
};

/** Who may call each admin API, by method and Hono path. */
const API_RULES: Record<string, Role[]> = {
  "GET /admin/me": ALL,
  "POST /admin/images": STAFF,
  "GET /admin/events/:id/registrations.csv": STAFF,
  "GET /admin/events/:id/contacts.vcf": STAFF,
  // Money: the treasurer's, not the desk's.
  "GET /admin/events/:id/payments.csv": ADMINISTRATORS,
  "POST /admin/events/:id/check-in": ALL,
  "GET /admin/events/:id/door-list": ALL,
  "POST /admin/events/:id/door-actions": ALL,
  "GET /admin/subscribers.csv": ADMINISTRATORS,
  "GET /admin/giving.csv": ADMINISTRATORS,
};

/**
 * What an allowed role's bare call (no body) of each API answers, from its handler (workers/api):
 * served (200), or the handler's own 415 for a post that is not a form: the handler ran, past the guard.
 */
const API_ANSWERS: Record<string, number> = {
  "GET /admin/me": 200,
  "POST /admin/images": 415,
  "GET /admin/events/:id/registrations.csv": 200,
  "GET /admin/events/:id/contacts.vcf": 200,
  "GET /admin/events/:id/payments.csv": 200,
  "POST /admin/events/:id/check-in": 415,
  "GET /admin/events/:id/door-list": 200,
  // A send that carries no actions.
  "POST /admin/events/:id/door-actions": 400,
  "GET /admin/subscribers.csv": 200,
  "GET /admin/giving.csv": 200,
};

const adminPages = flattenRoutes(routes)
  .filter((r) => r.path === "/admin" || r.path.startsWith("/admin/"))
  .map((r) => ({ pattern: r.path, path: samplePath(r.path) }));
const adminApis = api.routes
  .filter((r) => r.path.startsWith("/admin/") && r.method !== "ALL")
  .map((r) => ({ key: `${r.method} ${r.path.replace(/\/$/, "")}`, method: r.method, path: `/api${samplePath(r.path)}` }));

const PASSWORD = "plateau-sunrise-walk";
const cookies = {} as Record<Role, string>;

// Each test starts from an empty database (setup.ts): the demo content and one account per role.
// The whole matrix runs inside a few tests, so the set-up (three sign-ins) is paid a few times only.
beforeEach(async () => {
  await seedDemo();
  for (const role of ROLES) {
    await createAdmin(`${role}@example.org`, PASSWORD, role);
    cookies[role] = await signIn(`${role}@example.org`, PASSWORD, `198.51.100.${ROLES.indexOf(role) + 20}`);
  }
});

describe("the role matrix", () => {
  it("has a rule for every admin page and API", () => {
    expect(adminPages.length).toBeGreaterThanOrEqual(25);
    for (const { pattern } of adminPages) expect(PAGE_RULES, `no rule for ${pattern}`).toHaveProperty([pattern]);
    for (const { pattern } of adminPages) expect(PAGE_ANSWERS, `no answer for ${pattern}`).toHaveProperty([pattern]);
    for (const { key } of adminApis) expect(API_RULES, `no rule for ${key}`).toHaveProperty([key]);
    for (const { key } of adminApis) expect(API_ANSWERS, `no answer for ${key}`).toHaveProperty([key]);
  });

  it("every page: allowed roles get it, the others a friendly 403 (document and .data)", async () => {
    for (const { pattern, path } of adminPages) for (const role of ROLES) {
      const response = await request(path, { cookie: cookies[role] });
      const label = `${role} GET ${path}`;
      if (path === "/admin" && role === "volunteer") {
        expect([response.status, response.headers.get("Location")], label).toEqual([303, "/admin/check-in"]);
      } else if (PAGE_RULES[pattern]!.includes(role)) {
        expect(response.status, label).not.toBe(403);
        expect(response.status, label).toBeLessThan(500);
        expect(response.headers.get("Location"), label).not.toBe("/auth");
        expect([response.status, response.headers.get("Location")], label).toEqual(PAGE_ANSWERS[pattern]);
      } else {
        expect(response.status, label).toBe(403);
        expect(response.headers.get("Cache-Control"), label).toBe("private, no-store");
        const body = await response.text();
        expect(body, label).toContain("You can&#x27;t use this page");
        expect(body, label).toContain(role === "editor" ? "Your account is an Editor account," : "Your account is a Door volunteer account,");
        expect(body, label).toContain(role === "volunteer" ? "Go to check-in" : "Go to the dashboard");
        const data = await request(`${path}.data`, { cookie: cookies[role] });
        expect(data.status, `${role} ${path}.data`).toBe(403);
        expect(await data.text(), `${role} ${path}.data`).not.toContain("@example.org");
      }
    }
  });

  it("every page: a role that cannot use it cannot post to it either, and nothing changes", async () => {
      const before = await snapshot();
      for (const { pattern, path } of adminPages) for (const role of ROLES.filter((r) => !PAGE_RULES[pattern]!.includes(r))) {
        for (const intent of ["save", "delete", "toggle-active", "restore", "remove-account", "mark-read"]) {
          const response = await postForm(path, { intent, id: "1", name: "Changed by a volunteer", title: "Changed", section: "general", region: "Central", district: "Lilongwe", csv: "name,region,district\nPosted by a volunteer,Central,Lilongwe" }, { cookie: cookies[role] });
          const label = `${role} POST ${path} (${intent})`;
          if (path === "/admin" && role === "volunteer") expect(response.status, label).toBe(303);
          else expect(response.status, label).toBe(403);
        }
      }
      expect(await snapshot()).toEqual(before);
  });

  it("a volunteer's /admin with any tab, and their sign-in, lead to check-in with 303", async () => {
    for (const tab of ["", "?tab=blogs", "?tab=events", "?tab=leadership", "?tab=nonsense"]) {
      const response = await request(`/admin${tab}`, { cookie: cookies.volunteer });
      expect([response.status, response.headers.get("Location")], tab).toEqual([303, "/admin/check-in"]);
    }
    const signedIn = await postForm("/auth", { email: "volunteer@example.org", password: PASSWORD }, { ip: "198.51.100.40" });
    expect([signedIn.status, signedIn.headers.get("Location")]).toEqual([303, "/admin/check-in"]);
    const editor = await postForm("/auth", { email: "editor@example.org", password: PASSWORD }, { ip: "198.51.100.41" });
    expect([editor.status, editor.headers.get("Location")]).toEqual([302, "/admin"]);
  });

  it("every API: allowed roles are served, the others get 403 JSON", async () => {
    for (const { key, method, path } of adminApis) for (const role of ROLES) {
      const response = await request(path, { method, cookie: cookies[role] });
      const label = `${role} ${method} ${path}`;
      if (API_RULES[key]!.includes(role)) {
        expect(response.status, label).not.toBe(403);
        expect(response.status, label).toBeLessThan(500);
        expect(response.status, label).toBe(API_ANSWERS[key]);
      } else {
        expect(response.status, label).toBe(403);
        expect(await response.json(), label).toEqual({ error: "Your account cannot use this." });
      }
    }
  });
});

describe("a page that is not there", () => {
  it("keeps the admin header and leads each role back to its own start, not to the public site", async () => {
    const starts: Record<Role, [string, string]> = { admin: ["/admin", "Go to the dashboard"], editor: ["/admin", "Go to the dashboard"], volunteer: ["/admin/check-in", "Go to check-in"] };
    for (const role of ROLES) for (const path of ["/admin/no-such-page", "/admin/events/registrations/99999"]) {
      const response = await request(path, { cookie: cookies[role] });
      // A volunteer may not open the desk at all: that stays a refusal, not a "not found".
      if (role === "volunteer" && path.includes("registrations")) {
        expect(response.status).toBe(403);
        continue;
      }
      expect(response.status, `${role} ${path}`).toBe(404);
      const html = await response.text();
      const [home, label] = starts[role];
      expect(html, `${role} ${path}`).toContain("<h1 class=\"text-2xl font-bold text-stone-900\">Oops! Page not found</h1>");
      expect(html).toMatch(new RegExp(`<a [^>]*href="${home}"[^>]*>${label}</a>`));
      expect(html).toContain("Sign Out");
      expect(html).toMatch(/<a [^>]*href="\/"[^>]*>View Website<\/a>/);
      expect(html).not.toContain("Return to Home");
    }
  });
});

describe("refusals", () => {
  it("are written to the activity log: who, which page or API, from where", async () => {
    await env.DB.exec("DELETE FROM activity_log");
    await request("/admin/settings", { cookie: cookies.editor, ip: "198.51.100.30" });
    await request("/api/admin/subscribers.csv", { cookie: cookies.volunteer, ip: "198.51.100.31" });
    const { results } = await env.DB.prepare("SELECT actor, kind, action, target, address FROM activity_log ORDER BY id").all();
    expect(results).toEqual([
      { actor: "editor@example.org", kind: "refused", action: "Refused: opening this page is not for this role", target: "/admin/settings", address: "198.51.100.30" },
      { actor: "volunteer@example.org", kind: "refused", action: "Refused: opening this page is not for this role", target: "/api/admin/subscribers.csv", address: "198.51.100.31" },
    ]);
  });

  it("so are the account actions a page refuses a role: adding an Administrator, changing a role, signing out another account", async () => {
    await env.DB.exec("DELETE FROM activity_log");
    const password = { current_password: "not-needed-for-a-refusal" };
    const asks = [
      [cookies.volunteer, "/admin/account", { intent: "add-account", email: "evil@example.org", password: "Aa1aaaaaaaaaaaaaa", role: "admin", ...password }],
      [cookies.editor, "/admin/account", { intent: "change-role", id: "1", role: "admin", ...password }],
      [cookies.volunteer, "/admin/account/sessions", { intent: "end-account", account: "1" }],
    ] as const;
    for (const [cookie, path, fields] of asks) expect((await postForm(path, fields, { cookie, ip: "198.51.100.32" })).status).toBe(403);
    const { results } = await env.DB.prepare("SELECT actor, kind, action, target FROM activity_log ORDER BY id").all();
    expect(results).toEqual([
      { actor: "volunteer@example.org", kind: "refused", action: "Refused: this change is not for this role (add-account)", target: "/admin/account" },
      { actor: "editor@example.org", kind: "refused", action: "Refused: this change is not for this role (manage-account)", target: "/admin/account" },
      { actor: "volunteer@example.org", kind: "refused", action: "Refused: this change is not for this role (end-account)", target: "/admin/account/sessions" },
    ]);
  });
});

/** The roles that may open an admin link (`/admin…` or `/api/admin…`), by the most specific rule that matches it. */
function rolesFor(href: string): Role[] {
  const path = href.replace(/[?#].*$/, "");
  const api = path.startsWith("/api/");
  const rules = Object.entries(api ? API_RULES : PAGE_RULES).map(([key, roles]) => [api ? key.split(" ")[1]! : key, roles] as const);
  const toRegex = (pattern: string) => new RegExp(`^${(api ? `/api${pattern}` : pattern).replace(/:[a-z]+/g, "[^/]+").replace(/\*$/, ".*")}$`);
  const match = rules.filter(([pattern]) => toRegex(pattern).test(path)).sort(([a], [b]) => Number(a.endsWith("*")) - Number(b.endsWith("*")))[0];
  return match ? [...match[1]] : ADMINISTRATORS;
}

describe("no page shows a role a link it cannot use", () => {
  it("every link on every page an Editor or a volunteer can open leads somewhere they may go", async () => {
    // No settings stored: the dashboard warns about the default conference card, which is a setting.
    await env.DB.exec("DELETE FROM site_settings");
    for (const role of ["editor", "volunteer"] as const) {
      for (const { path } of adminPages.filter(({ pattern }) => PAGE_RULES[pattern]!.includes(role) && !pattern.endsWith("*"))) {
        const body = await (await request(path, { cookie: cookies[role] })).text();
        for (const [, href] of body.matchAll(/href="(\/(?:api\/)?admin[^"]*)"/g)) {
          expect(rolesFor(href!), `${role} on ${path} sees a link to ${href}`).toContain(role);
        }
      }
    }
  });
});

describe("the navigation shows only what the role can use", () => {
  const links = async (role: Role, path: string) => {
    const body = await (await request(path, { cookie: cookies[role] })).text();
    const nav = body.slice(body.indexOf("<nav"), body.indexOf("</nav>"));
    return [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
  };

  it("an Administrator sees everything, an Editor no settings, subscribers, newsletter, outbox or log, a volunteer only the door", async () => {
    const admin = await links("admin", "/admin");
    expect(admin).toEqual(
      expect.arrayContaining(["/admin", "/admin/check-in", "/admin/messages", "/admin/settings", "/admin/pages", "/admin/subscribers", "/admin/newsletter", "/admin/outbox", "/admin/activity", "/admin/account"]),
    );
    const editor = await links("editor", "/admin");
    expect(editor).toEqual(expect.arrayContaining(["/admin", "/admin/check-in", "/admin/messages", "/admin/pages", "/admin/account"]));
    for (const hidden of ["/admin/settings", "/admin/subscribers", "/admin/newsletter", "/admin/outbox", "/admin/activity"]) expect(editor).not.toContain(hidden);
    const volunteer = await links("volunteer", "/admin/check-in");
    for (const hidden of ["/admin", "/admin/messages", "/admin/settings", "/admin/pages", "/admin/subscribers", "/admin/activity"]) expect(volunteer).not.toContain(hidden);
    expect(volunteer).toEqual(expect.arrayContaining(["/admin/check-in", "/admin/account"]));
  });
});

/** Everything a forbidden post could have changed. */
async function snapshot() {
  const tables = ["ministries", "churchevents", "church_testimonies", "leadership_positions", "leadership_members", "churchblogs", "event_registrations", "contact_messages", "newsletter_subscribers", "admin_users", "site_settings", "history", "associations"];
  const rows = await env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT * FROM ${t}`)));
  return Object.fromEntries(rows.map((r, i) => [tables[i], r.results]));
}
