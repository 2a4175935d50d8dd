// Every rule is enforced by our own server code (issue: reliability and security). The admin routes
// come from app/routes.ts and the Hono app, so a new route is covered the day it is added.
import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import routes from "~/routes";
import { api } from "../../workers/api";
import { flattenRoutes, samplePath } from "../support/route-paths";
import { createAdmin, postForm, request, seedDemo, signIn } from "./helpers";

const adminPages = flattenRoutes(routes)
  .filter((r) => r.path === "/admin" || r.path.startsWith("/admin/"))
  .map((r) => samplePath(r.path));

const adminApis = api.routes
  .filter((r) => r.path.startsWith("/admin/") && r.method !== "ALL")
  .map((r) => ({ method: r.method, path: `/api${samplePath(r.path)}` }));

const publicPages = flattenRoutes(routes)
  .filter((r) => !r.path.startsWith("/admin") && r.path !== "/logout" && !r.path.endsWith("*"))
  .map((r) => samplePath(r.path).replace("/ministries/1", "/ministries/youth-mentorship").replace("/blog/1", "/blog/rising-early-mark-1-35"));

const secret = () => new TextEncoder().encode(env.SESSION_SECRET);
const seconds = () => Math.floor(Date.now() / 1000);

/** Session cookies that must all be refused, each for a different reason. */
async function refusedSessions(): Promise<Record<string, string>> {
  const signedFor = (claims: { sub: string; sv: number }, key = secret(), iat = seconds(), exp = seconds() + 3600) =>
    new SignJWT({ email: "x@example.org", sv: claims.sv }).setProtectedHeader({ alg: "HS256" }).setSubject(claims.sub).setIssuedAt(iat).setExpirationTime(exp).sign(key);

  const adminId = await createAdmin("keeper@example.org", "keeper-password");
  const expired = await signedFor({ sub: String(adminId), sv: 1 }, secret(), seconds() - 7200, seconds() - 60);
  const otherSecret = await signedFor({ sub: String(adminId), sv: 1 }, new TextEncoder().encode("some-other-secret-that-is-long-enough!!"));
  const [, payload] = (await signedFor({ sub: String(adminId), sv: 1 })).split(".");
  const algNone = `${btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "")}.${payload}.`;

  const goneId = await createAdmin("gone@example.org", "gone-password-1");
  const deletedAdmin = (await signIn("gone@example.org", "gone-password-1", "192.0.2.50")).replace("session=", "");
  await env.DB.prepare("DELETE FROM admin_users WHERE id = ?1").bind(goneId).run();

  const beforeSignOut = (await signIn("keeper@example.org", "keeper-password", "192.0.2.51")).replace("session=", "");
  const other = await signIn("keeper@example.org", "keeper-password", "192.0.2.52");
  await request("/logout", { method: "POST", cookie: other });

  return { "no cookie": "", expired, "another secret": otherSecret, "alg none": algNone, "a deleted admin": deletedAdmin, "from before a sign-out": beforeSignOut };
}

describe("admin routes refuse every kind of bad session", () => {
  let sessions: Record<string, string>;
  beforeEach(async () => {
    sessions = await refusedSessions();
  });

  it("covers the whole admin area", () => {
    expect(adminPages.length).toBeGreaterThanOrEqual(15);
    expect(adminApis.map((a) => a.path)).toEqual(expect.arrayContaining(["/api/admin/images", "/api/admin/subscribers.csv"]));
  });

  it("pages (GET and POST, documents and .data) redirect to /auth", async () => {
    for (const [reason, token] of Object.entries(sessions)) {
      const cookie = token ? `session=${token}` : null;
      for (const path of adminPages) {
        const page = await request(path, { cookie });
        expect([page.status, page.headers.get("Location")], `${reason}: GET ${path}`).toEqual([302, "/auth"]);
        const post = await postForm(path, { intent: "delete", id: "1" }, { cookie });
        expect([post.status, post.headers.get("Location")], `${reason}: POST ${path}`).toEqual([302, "/auth"]);
        const data = await request(`${path === "/admin" ? "/admin" : path}.data`, { cookie });
        expect(await data.text(), `${reason}: ${path}.data`).toContain('"redirect","/auth"');
      }
    }
  });

  it("APIs answer 401", async () => {
    for (const [reason, token] of Object.entries(sessions)) {
      for (const { method, path } of adminApis) {
        const response = await request(path, { method, cookie: token ? `session=${token}` : null });
        expect(response.status, `${reason}: ${method} ${path}`).toBe(401);
      }
    }
  });
});

describe("visitors never receive what is not theirs", () => {
  const secrets = [
    // inactive records
    "Marriage and Family Enrichment",
    "Pending Review",
    "Former Treasurer",
    "Executive Committee Planning Meeting",
    // registrations, subscribers, messages, admins
    "Wongani Chimwaza",
    "+265 884 330 129",
    "reader@example.mw",
    "Gift Mbewe",
    "Starting a men",
    "admin@baptistmen.mw",
    "pbkdf2-sha256",
  ];

  beforeAll(() => {
    expect(publicPages).toEqual(expect.arrayContaining(["/", "/events", "/blog", "/sitemap.xml"]));
  });

  beforeEach(async () => {
    await seedDemo();
  });

  it("through any public page, its .data request, or an API", async () => {
    const targets = [
      ...publicPages,
      ...publicPages.filter((p) => !/\.(txt|xml|webmanifest)$/.test(p)).map((p) => (p === "/" ? "/_root.data" : `${p}.data`)),
      "/ministries/family-enrichment",
      "/events/6",
      "/events?register=6",
      "/api/health",
      "/api/admin/subscribers.csv",
      "/api/admin/events/1/registrations.csv",
    ];
    for (const path of targets) {
      const body = await (await request(path)).text();
      for (const secret of secrets) expect(body, `${path} leaks "${secret}"`).not.toContain(secret);
    }
  });
});
