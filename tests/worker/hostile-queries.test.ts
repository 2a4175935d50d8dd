// Hostile query strings (issue 28's scan found /associations?q= answering 503 to a 60-character
// search: D1 refuses LIKE patterns over 50 bytes). Every page the router serves, public and admin,
// is read with each query parameter the app reads set to hostile values at once: long text, SQL and
// LIKE wildcards, markup, bad numbers and dates, invalid percent-encoding. It may answer the page, a
// redirect or a 4xx, never a 5xx, and never echo markup unescaped.
import * as serverBuild from "virtual:react-router/server-build";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, request, seedDemo, signIn } from "./helpers";

/** The names the app reads from a query string (grep -o 'searchParams.get("…")' app workers). */
const NAMES = ["q", "status", "page", "day", "register", "version", "tab", "subject", "slug", "person", "kind", "group", "delete", "amount", "admit", "about"];

const MARKUP = `"><script>alert(1)</script>`;
const HOSTILE_VALUES = [
  "Lilongwe_%".repeat(30),
  "0888123456".repeat(12),
  `Robert'); DROP TABLE event_registrations; -- " OR 1=1 ${MARKUP}`,
  "-99999999999999999999999.5",
];

type BuildRoute = { id: string; path?: string; parentId?: string; module: { loader?: unknown; default?: unknown } };
const routes = serverBuild.routes as unknown as Record<string, BuildRoute>;

function fullPath(route: BuildRoute): string {
  const parts: string[] = [];
  for (let r: BuildRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) if (r.path) parts.unshift(r.path);
  // Path parameters take the demo content's first record (or a slug that exists nowhere).
  return `/${parts.join("/")}`.replace(/:id\b/g, "1").replace(/:[a-zA-Z]+/g, "any").replace(/\/\*$/, "/anything");
}

const pages = [...new Set(Object.values(routes).filter((r) => r.module.loader && r.path !== undefined).map(fullPath))].sort();

describe("every page read with hostile query strings", () => {
  let cookie: string;
  beforeEach(async () => {
    await seedDemo();
    await createAdmin();
    cookie = await signIn();
  });

  it("lists the pages it reads (public and admin)", () => {
    expect(pages).toContain("/associations");
    expect(pages).toContain("/admin/events/registrations/1");
    expect(pages.length).toBeGreaterThan(40);
  });

  it.each(pages)("%s never answers 5xx", async (path) => {
    const queries = [
      ...HOSTILE_VALUES.map((value) => NAMES.map((name) => `${name}=${encodeURIComponent(value)}`).join("&")),
      NAMES.map((name) => `${name}=%FF%FE`).join("&"),
    ];
    for (const query of queries) {
      const response = await request(`${path}?${query}`, { cookie });
      expect(response.status, `${path}?${query.slice(0, 80)}`).toBeLessThan(500);
      const body = await response.text();
      expect(body, `${path} echoes markup`).not.toContain(MARKUP);
    }
  });
});
