import { env, exports } from "cloudflare:workers";
import { SignJWT } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { cookieValue, createAdmin, postForm, request, signIn, TEST_ADMIN } from "./helpers";

let adminId: number;
beforeEach(async () => {
  adminId = await createAdmin();
});

describe("sign-in form (/auth)", () => {
  it("asks for both fields with the spec's message", async () => {
    const response = await postForm("/auth", { email: "", password: "" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Email and password are required");
  });

  it("refuses a password shorter than 6 characters and keeps the e-mail typed", async () => {
    const response = await postForm("/auth", { email: "someone@example.org", password: "12345" });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("Password must be at least 6 characters");
    expect(body).toContain('value="someone@example.org"');
  });

  it("refuses wrong credentials in the red alert box without saying which part was wrong", async () => {
    for (const attempt of [
      { email: TEST_ADMIN.email, password: "wrong-password" },
      { email: "nobody@example.org", password: TEST_ADMIN.password },
    ]) {
      const response = await postForm("/auth", attempt);
      expect(response.status).toBe(401);
      const body = await response.text();
      expect(body).toMatch(/role="alert"[^>]*>Invalid login credentials</);
    }
  });

  it("says 'An error occurred during authentication' in the red alert box when the database fails", async () => {
    await env.DB.exec("DROP TABLE admin_users");
    const response = await postForm("/auth", { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(response.status).toBe(503);
    const body = await response.text();
    expect(body).toMatch(/role="alert"[^>]*>An error occurred during authentication</);
    expect(body).toContain(`value="${TEST_ADMIN.email}"`);
    expect(body).not.toContain(TEST_ADMIN.password);
  });

  it("signs in with a secure-by-default session cookie and lands on /admin with the success toast", async () => {
    const response = await postForm("/auth", { email: "  Admin@Example.org ", password: TEST_ADMIN.password });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    const sessionHeader = response.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    expect(sessionHeader).toMatch(/HttpOnly/);
    expect(sessionHeader).toMatch(/SameSite=Lax/);
    expect(sessionHeader).toMatch(/Max-Age=\d+/);

    const dashboard = await request("/admin", {
      cookie: `session=${cookieValue(response, "session")}; toast=${cookieValue(response, "toast")}`,
    });
    expect(dashboard.status).toBe(200);
    const body = await dashboard.text();
    expect(body).toContain("You have been logged in successfully.");
    expect(body).toContain(TEST_ADMIN.email);

    const row = await env.DB.prepare("SELECT last_login_at FROM admin_users WHERE id = ?1").bind(adminId).first<{ last_login_at: string }>();
    expect(row?.last_login_at).toBeTruthy();
  });

  it("marks the cookie Secure (and sends HSTS) when served over https", async () => {
    const response = await exports.default.fetch(
      new Request("https://localhost/auth", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://localhost" },
        body: new URLSearchParams(TEST_ADMIN).toString(),
        redirect: "manual",
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(/; Secure/);
    expect(response.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
  });

  it("sends a visitor who is already signed in from /auth to /admin", async () => {
    const cookie = await signIn();
    const response = await request("/auth", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
  });

  it("shows Login in the header when signed out and Dashboard when signed in", async () => {
    const signedOut = await (await request("/")).text();
    expect(signedOut).toMatch(/href="\/auth"[^>]*>Login</);
    const signedIn = await (await request("/", { cookie: await signIn() })).text();
    expect(signedIn).toMatch(/href="\/admin"[^>]*>Dashboard</);
    expect(signedIn).not.toMatch(/>Login</);
  });
});

describe("passwords", () => {
  it("are stored as salted PBKDF2 with the algorithm and parameters in the hash", async () => {
    const row = await env.DB.prepare("SELECT password_hash FROM admin_users WHERE id = ?1").bind(adminId).first<{ password_hash: string }>();
    const parts = row!.password_hash.split("$");
    expect(parts[0]).toBe("pbkdf2-sha256");
    expect(Number(parts[1])).toBeLessThanOrEqual(100_000); // the production Workers cap
    expect(Number(parts[1])).toBeGreaterThanOrEqual(100_000);
    expect(atob(parts[2]!)).toHaveLength(16);
    expect(row!.password_hash).not.toContain(TEST_ADMIN.password);
  });
});

describe("sign out", () => {
  it("is global: every session of that admin stops working", async () => {
    const phone = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, "198.51.100.7");
    const laptop = await signIn();
    expect((await request("/admin", { cookie: phone })).status).toBe(200);

    const out = await request("/logout", { method: "POST", cookie: laptop });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/auth");
    expect(out.headers.getSetCookie().find((c) => c.startsWith("session="))).toMatch(/Max-Age=0/);

    for (const cookie of [phone, laptop]) {
      const response = await request("/admin", { cookie });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/auth");
    }
  });
});

describe("session tokens", () => {
  const secret = new TextEncoder().encode(env.SESSION_SECRET);
  const claims = { email: TEST_ADMIN.email, sv: 1 };

  async function tokenWith(modify: (jwt: SignJWT) => SignJWT, key: Uint8Array = secret) {
    return modify(new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject(String(adminId))).sign(key);
  }

  it("accept a well-formed token and refuse expired, foreign, unsigned, stale or orphaned ones", async () => {
    const good = await tokenWith((j) => j.setIssuedAt().setExpirationTime("1h"));
    expect((await request("/admin", { cookie: `session=${good}` })).status).toBe(200);

    const expired = await tokenWith((j) => j.setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 60));
    const foreign = await tokenWith((j) => j.setIssuedAt().setExpirationTime("1h"), new TextEncoder().encode("another-secret-of-at-least-32-characters!!"));
    const [, payload] = good.split(".");
    const unsigned = `${btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "")}.${payload}.`;
    const stale = await new SignJWT({ email: TEST_ADMIN.email, sv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(adminId))
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(secret);
    const orphan = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject("9999").setIssuedAt().setExpirationTime("1h").sign(secret);

    for (const token of [expired, foreign, unsigned, stale, orphan, "garbage"]) {
      const response = await request("/admin", { cookie: `session=${token}` });
      expect(response.status, token).toBe(302);
      expect(response.headers.get("Location")).toBe("/auth");
      const api = await request("/api/admin/me", { cookie: `session=${token}` });
      expect(api.status).toBe(401);
    }
  });

  it("are renewed while in use once they are older than half an hour", async () => {
    const old = await tokenWith((j) => j.setIssuedAt(Math.floor(Date.now() / 1000) - 3600).setExpirationTime("1h"));
    const response = await request("/admin", { cookie: `session=${old}` });
    expect(response.status).toBe(200);
    const renewed = cookieValue(response, "session");
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(old);

    const fresh = await tokenWith((j) => j.setIssuedAt().setExpirationTime("1h"));
    expect(cookieValue(await request("/admin", { cookie: `session=${fresh}` }), "session")).toBeNull();
  });
});

describe("failed sign-in rate limit", () => {
  it("locks an e-mail after 5 failures, even for the right password, with a clear message", async () => {
    for (let i = 0; i < 5; i++) {
      const response = await postForm("/auth", { email: TEST_ADMIN.email, password: `wrong-${i}-password` }, { ip: `192.0.2.${i}` });
      expect(response.status).toBe(401);
    }
    const blocked = await postForm("/auth", TEST_ADMIN, { ip: "192.0.2.99" });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Too many failed sign-in attempts. Please wait 15 minutes and try again.");
  });

  it("locks a client address after 20 failures across e-mails", async () => {
    for (let i = 0; i < 20; i++) {
      const response = await postForm("/auth", { email: `guess${i}@example.org`, password: "wrong-password" }, { ip: "192.0.2.200" });
      expect(response.status).toBe(401);
    }
    const blocked = await postForm("/auth", TEST_ADMIN, { ip: "192.0.2.200" });
    expect(blocked.status).toBe(429);
    const elsewhere = await postForm("/auth", TEST_ADMIN, { ip: "192.0.2.201" });
    expect(elsewhere.status).toBe(302);
  });
});
