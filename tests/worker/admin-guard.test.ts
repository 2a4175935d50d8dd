// Every admin page and API refuses a request without a valid session. The list comes from the
// route table and the Hono app, so new routes are covered automatically.
import { beforeEach, describe, expect, it } from "vitest";
import routes from "~/routes";
import { api } from "../../workers/api";
import { flattenRoutes, samplePath } from "../support/route-paths";
import { createAdmin, request, signIn } from "./helpers";

const adminPages = flattenRoutes(routes)
  .filter((r) => r.path === "/admin" || r.path.startsWith("/admin/"))
  .map((r) => samplePath(r.path));

const adminApis = api.routes
  .filter((r) => r.path.startsWith("/admin/") && r.method !== "ALL")
  .map((r) => ({ method: r.method, path: `/api${samplePath(r.path.replace(/:([a-z]+)\{[^}]*\}/gi, ":$1"))}` }));

describe("admin guard", () => {
  it("knows the admin area's routes", () => {
    expect(adminPages).toContain("/admin");
    expect(adminPages.length).toBeGreaterThanOrEqual(2);
    expect(adminApis.length).toBeGreaterThanOrEqual(1);
  });

  it.each(adminPages)("%s sends a visitor without a session to /auth (GET, POST and data requests)", async (path) => {
    for (const target of [path, `${path}.data`]) {
      for (const method of ["GET", "POST"]) {
        const response = await request(target, {
          method,
          headers: method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
          body: method === "POST" ? "intent=delete&id=1" : null,
        });
        if (target.endsWith(".data")) {
          // Data requests answer a redirect instruction that the client router follows, and no data.
          expect(response.status, `${method} ${target}`).toBe(202);
          expect(await response.text()).toContain('"redirect","/auth","status",302');
        } else {
          expect(response.status, `${method} ${target}`).toBe(302);
          expect(response.headers.get("Location")).toBe("/auth");
        }
      }
    }
  });

  it.each(adminApis)("$method $path answers 401 without a session", async ({ method, path }) => {
    const response = await request(path, { method });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Authentication required" });
  });

  describe("with a session", () => {
    beforeEach(async () => {
      await createAdmin();
    });

    it("lets the admin in and never lets the page be cached", async () => {
      const cookie = await signIn();
      const response = await request("/admin", { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      const me = await request("/api/admin/me", { cookie });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: "admin@example.org" });
    });

    it("answers 404 for an unknown admin page only once signed in", async () => {
      const cookie = await signIn();
      const unknown = await request("/admin/no-such-page", { cookie });
      expect(unknown.status).toBe(404);
      // One title, naming what the page shows (the tab and a screen reader read the first).
      expect((await unknown.text()).match(/<title>[^<]*<\/title>/g)).toEqual(["<title>Page not found | Admin</title>"]);
      expect((await request("/admin/no-such-page")).status).toBe(302);
    });
  });
});
