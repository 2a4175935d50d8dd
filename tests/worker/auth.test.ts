import { env, exports } from "cloudflare:workers";
import { decodeJwt, SignJWT } from "jose";
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as passwords from "~/features/accounts/password.server";
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
    // `__Host-`: the browser keeps it only with Secure and Path=/ and no Domain, pinned to this host.
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
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

describe("signing in again to a page (/auth?next=…)", () => {
  const DOOR = "door-return@example.org";
  const checkIn = "/admin/events/7/check-in";

  it("leads back to the page asked for, when the account may use it: the door's 'Sign in again'", async () => {
    await createAdmin(DOOR, TEST_ADMIN.password, "volunteer");
    const page = await request(`/auth?next=${encodeURIComponent(checkIn)}`);
    // The form posts to the same address, so the page to return to goes with it without JavaScript.
    expect(await page.text()).toContain(`action="/auth?next=${encodeURIComponent(checkIn)}"`);
    const response = await postForm(`/auth?next=${encodeURIComponent(checkIn)}`, { email: DOOR, password: TEST_ADMIN.password });
    expect(response.headers.get("Location")).toBe(checkIn);
    // Signed in already, the sign-in page leads there at once.
    const again = await request(`/auth?next=${encodeURIComponent(checkIn)}`, { cookie: `session=${cookieValue(response, "session")}` });
    expect(again.headers.get("Location")).toBe(checkIn);
  });

  it("never leads to another site, outside the admin area, or to a page the account may not use", async () => {
    await createAdmin(DOOR, TEST_ADMIN.password, "volunteer");
    for (const next of ["https://evil.example/admin", "//evil.example/admin", "/admin/../blog", "/blog", "/admin/settings", "/admin/nothing-here"]) {
      const response = await postForm(`/auth?next=${encodeURIComponent(next)}`, { email: DOOR, password: TEST_ADMIN.password });
      expect(response.headers.get("Location"), next).toBe("/admin/check-in");
    }
    const staff = await postForm(`/auth?next=${encodeURIComponent("/admin/settings")}`, { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
    expect(staff.headers.get("Location")).toBe("/admin/settings");
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
  const claims = { email: TEST_ADMIN.email, sv: 1, sid: "open-session" };
  beforeEach(async () => {
    await env.DB.prepare("INSERT INTO admin_sessions (id, admin_id) VALUES ('open-session', ?1), ('ended-session', ?1)").bind(adminId).run();
    await env.DB.prepare("UPDATE admin_sessions SET ended_at = '2026-01-01T00:00:00Z' WHERE id = 'ended-session'").run();
  });

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
    const stale = await new SignJWT({ ...claims, sv: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(adminId))
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(secret);
    const orphan = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject("9999").setIssuedAt().setExpirationTime("1h").sign(secret);
    // A session signed out on the sessions page, and one never begun by a sign-in.
    const withSession = (sid: string) => new SignJWT({ ...claims, sid }).setProtectedHeader({ alg: "HS256" }).setSubject(String(adminId)).setIssuedAt().setExpirationTime("1h").sign(secret);
    const ended = await withSession("ended-session");
    const unknown = await withSession("made-up");
    const noSession = await new SignJWT({ email: TEST_ADMIN.email, sv: 1 }).setProtectedHeader({ alg: "HS256" }).setSubject(String(adminId)).setIssuedAt().setExpirationTime("1h").sign(secret);

    for (const token of [expired, foreign, unsigned, stale, orphan, ended, unknown, noSession, "garbage"]) {
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

  it("carry the time of the original sign-in, which renewal keeps", async () => {
    const token = (await signIn()).slice("session=".length);
    const { iat, auth_time } = decodeJwt(token);
    expect(auth_time).toBe(iat);

    const signedIn = Math.floor(Date.now() / 1000) - 3600;
    const old = await new SignJWT({ ...claims, auth_time: signedIn })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(adminId))
      .setIssuedAt(signedIn)
      .setExpirationTime("1h")
      .sign(secret);
    const renewed = cookieValue(await request("/admin", { cookie: `session=${old}` }), "session")!;
    expect(decodeJwt(renewed).auth_time).toBe(signedIn);
  });

  it("stop being renewed 12 hours after the original sign-in", async () => {
    const now = Math.floor(Date.now() / 1000);
    const signedIn = now - 12 * 3600 + 600; // ten minutes of the 12 hours left
    const old = await new SignJWT({ ...claims, auth_time: signedIn })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(adminId))
      .setIssuedAt(now - 3600)
      .setExpirationTime(now + 3600)
      .sign(secret);
    const response = await request("/admin", { cookie: `session=${old}` });
    expect(response.status).toBe(200);
    const header = response.headers.getSetCookie().find((c) => c.startsWith("session="));
    if (header) {
      expect(decodeJwt(cookieValue(response, "session")!).exp).toBeLessThanOrEqual(signedIn + 12 * 3600);
      expect(Number(/Max-Age=(\d+)/.exec(header)?.[1])).toBeLessThanOrEqual(600);
    }
  });

  it("are refused 12 hours after the original sign-in, however recently they were renewed", async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ ...claims, auth_time: now - 12 * 3600 - 60 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(adminId))
      .setIssuedAt(now - 600)
      .setExpirationTime(now + 3600)
      .sign(secret);
    const page = await request("/admin", { cookie: `session=${token}` });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/auth");
    expect((await request("/api/admin/me", { cookie: `session=${token}` })).status).toBe(401);
  });
});

describe("failed sign-in rate limit", () => {
  it("locks an e-mail at one address after 5 failures, even for the right password, with a clear message", async () => {
    for (let i = 0; i < 5; i++) {
      const response = await postForm("/auth", { email: TEST_ADMIN.email, password: `wrong-${i}-password` }, { ip: "192.0.2.1" });
      expect(response.status).toBe(401);
    }
    const blocked = await postForm("/auth", TEST_ADMIN, { ip: "192.0.2.1" });
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

  it("checks at most 5 passwords when 30 wrong ones arrive at the same moment", async () => {
    const verify = vi.spyOn(passwords, "verifyPassword");
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => postForm("/auth", { email: TEST_ADMIN.email, password: `wrong-${i}-password` }, { ip: "192.0.2.30" })),
    );
    const statuses = responses.map((r) => r.status);
    expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401)).toHaveLength(verify.mock.calls.length);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - verify.mock.calls.length);
    vi.restoreAllMocks();
  });

  it("counts only failures: a successful sign-in clears the count of that e-mail and address", async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) {
        expect((await postForm("/auth", { email: TEST_ADMIN.email, password: `wrong-${i}-password` }, { ip: "192.0.2.40" })).status).toBe(401);
      }
      expect((await postForm("/auth", TEST_ADMIN, { ip: "192.0.2.40" })).status).toBe(302);
    }
  });

  it("does not let strangers at other addresses lock the admin out", async () => {
    for (let i = 0; i < 10; i++) {
      expect((await postForm("/auth", { email: TEST_ADMIN.email, password: `wrong-${i}-password` }, { ip: `192.0.2.${50 + i}` })).status).toBe(401);
    }
    expect((await postForm("/auth", TEST_ADMIN, { ip: "198.51.100.50" })).status).toBe(302);
  });

  it("slows strangers at one e-mail with growing delays across addresses, never a day's lockout", async () => {
    await guessFromManyAddresses(TEST_ADMIN.email, 20);
    const atOnce = await postForm("/auth", { email: TEST_ADMIN.email, password: "yet-another-guess" }, { ip: "198.51.100.99" });
    expect(atOnce.status).toBe(429);
    expect(await atOnce.text()).toMatch(/Too many failed sign-in attempts for this account. Please wait [12] seconds and try again/);

    // 200 failures today, the last one 5 minutes ago: a volunteer on a borrowed phone still gets in.
    await env.DB.prepare("UPDATE rate_limits SET count = 200, window_start = ?1 WHERE key LIKE 'login-email-delay:%'").bind(Date.now() - 5 * 60_000).run();
    const borrowedPhone = await postForm("/auth", TEST_ADMIN, { ip: "198.51.100.98" });
    expect(borrowedPhone.status).toBe(302);
  });

  it("lets at most one attempt through per delay when many arrive at once", async () => {
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 50)").bind(`login-email-delay:${TEST_ADMIN.email}`, Date.now() - 5 * 60_000).run();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postForm("/auth", { email: TEST_ADMIN.email, password: `guess-${i}-password` }, { ip: `203.0.113.${100 + i}` })),
    );
    expect(answers.filter((r) => r.status === 401)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(19);
  });

  it("counts IPv6 clients by their /64 network", async () => {
    const sameNetwork = ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:0db8:0001:0002::9", "2001:db8:1:2:0:0:0:5"];
    for (const [i, ip] of sameNetwork.entries()) {
      expect((await postForm("/auth", { email: TEST_ADMIN.email, password: `wrong-${i}-password` }, { ip })).status).toBe(401);
    }
    expect((await postForm("/auth", TEST_ADMIN, { ip: "2001:db8:1:2:abcd::7" })).status).toBe(429);
    expect((await postForm("/auth", TEST_ADMIN, { ip: "2001:db8:1:3::1" })).status).toBe(302);
  });
});

/** `count` wrong passwords for `email`, 5 from each of as many addresses as that takes. */
async function guessFromManyAddresses(email: string, count: number) {
  const addresses = Math.ceil(count / 5);
  await Promise.all(
    Array.from({ length: addresses }, async (_, a) => {
      for (let i = 0; i < 5 && a * 5 + i < count; i++) {
        const response = await postForm("/auth", { email, password: `guess-${a}-${i}` }, { ip: `203.0.113.${a + 10}` });
        // Wrong, or refused unchecked once the e-mail's delays begin.
        expect([401, 429]).toContain(response.status);
      }
    }),
  );
}

describe("trusted devices (device cookies)", () => {
  async function signInForDevice(ip = "198.51.100.20", password = TEST_ADMIN.password) {
    const response = await postForm("/auth", { email: TEST_ADMIN.email, password }, { ip });
    expect(response.status).toBe(302);
    return `device=${cookieValue(response, "device")}`;
  }

  it("are issued on sign-in: signed, HttpOnly, SameSite=Strict, long-lived, and __Host- over https", async () => {
    const response = await postForm("/auth", TEST_ADMIN, { ip: "198.51.100.21" });
    const header = response.headers.getSetCookie().find((c) => c.startsWith("device="))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Path=\//);
    expect(Number(/Max-Age=(\d+)/.exec(header)?.[1])).toBeGreaterThan(30 * 24 * 3600);
    expect(cookieValue(response, "device")).not.toContain(TEST_ADMIN.password);

    const https = await exports.default.fetch(
      new Request("https://localhost/auth", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://localhost", "CF-Connecting-IP": "198.51.100.22" },
        body: new URLSearchParams(TEST_ADMIN).toString(),
        redirect: "manual",
      }),
    );
    const secure = https.headers.getSetCookie().find((c) => c.startsWith("__Host-device="))!;
    expect(secure).toMatch(/; Secure/);
    expect(secure).toMatch(/Path=\//);
    expect(secure).not.toMatch(/Domain=/i);
  });

  it("let the admin in from a device that signed in before, while strangers have used up every other limit", async () => {
    const device = await signInForDevice("198.51.100.23");
    await guessFromManyAddresses(TEST_ADMIN.email, 22);
    for (let i = 0; i < 20; i++) {
      await postForm("/auth", { email: i < 5 ? TEST_ADMIN.email : `other${i}@example.org`, password: `wrong-${i}-password` }, { ip: "198.51.100.23" });
    }
    expect((await postForm("/auth", TEST_ADMIN, { ip: "198.51.100.23" })).status).toBe(429);
    const trusted = await postForm("/auth", TEST_ADMIN, { ip: "198.51.100.23", cookie: device });
    expect(trusted.status).toBe(302);
    expect(cookieValue(trusted, "session")).toBeTruthy();
  });

  it("lock out a device cookie after 5 failures of its own, without locking out the admin's other devices", async () => {
    const phone = await signInForDevice("198.51.100.24");
    const laptop = await signInForDevice("198.51.100.25");
    for (let i = 0; i < 5; i++) {
      expect((await postForm("/auth", { email: TEST_ADMIN.email, password: `wrong-${i}-password` }, { ip: "198.51.100.24", cookie: phone })).status).toBe(401);
    }
    expect((await postForm("/auth", TEST_ADMIN, { ip: "198.51.100.24", cookie: phone })).status).toBe(429);
    expect((await postForm("/auth", TEST_ADMIN, { ip: "198.51.100.24", cookie: laptop })).status).toBe(302);
  });

  it("survive sign-out: the logout clears only the session cookie", async () => {
    const response = await postForm("/auth", TEST_ADMIN, { ip: "198.51.100.26" });
    const device = `device=${cookieValue(response, "device")}`;
    const session = `session=${cookieValue(response, "session")}`;
    const out = await request("/logout", { method: "POST", cookie: `${session}; ${device}` });
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().some((c) => c.startsWith("device="))).toBe(false);

    await guessFromManyAddresses(TEST_ADMIN.email, 22);
    expect((await postForm("/auth", TEST_ADMIN, { ip: "198.51.100.26", cookie: device })).status).toBe(302);
  });

  it("are trusted only for their own e-mail and only when signed with our secret", async () => {
    await createAdmin("second@example.org", "second-password-here");
    const secondDevice = await (async () => {
      const response = await postForm("/auth", { email: "second@example.org", password: "second-password-here" }, { ip: "198.51.100.27" });
      return `device=${cookieValue(response, "device")}`;
    })();
    const forged = `device=${await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(TEST_ADMIN.email)
      .setAudience("device")
      .setJti("forged")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-of-at-least-32-characters!!"))}`;
    await guessFromManyAddresses(TEST_ADMIN.email, 22);
    for (const cookie of [secondDevice, forged, "device=garbage"]) {
      expect((await postForm("/auth", TEST_ADMIN, { ip: "198.51.100.28", cookie })).status, cookie).toBe(429);
    }
  });
});

describe("a missing or short SESSION_SECRET", () => {
  it("fails closed: sign-in refuses the same way whatever the password, sessions stop working, and it is logged once", async () => {
    const cookie = await signIn();
    const toast = cookieValue(await postForm("/subscribe", { email: "a@example.mw" }), "toast");
    const verify = vi.spyOn(passwords, "verifyPassword");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const secret = env.SESSION_SECRET;
    try {
      for (const broken of ["too-short", undefined]) {
        (env as { SESSION_SECRET?: string }).SESSION_SECRET = broken;
        const answers = await Promise.all(
          [TEST_ADMIN.password, "wrong-password"].map((password) => postForm("/auth", { email: TEST_ADMIN.email, password }, { ip: "192.0.2.77" })),
        );
        for (const answer of answers) {
          expect(answer.status).toBe(503);
          expect(await answer.text()).toMatch(/role="alert"[^>]*>An error occurred during authentication</);
          expect(answer.headers.getSetCookie().some((c) => c.startsWith("session=") || c.startsWith("device="))).toBe(false);
        }
        expect(verify).not.toHaveBeenCalled();
        expect((await request("/admin", { cookie })).headers.get("Location")).toBe("/auth");
        // Visitors are not affected: pages render, a toast cookie is ignored, forms still work.
        expect((await request("/", { cookie: `${cookie}; toast=${toast}` })).status).toBe(200);
        expect((await postForm("/subscribe", { email: "b@example.mw" })).status).toBe(303);
      }
      const logged = errors.mock.calls.filter((args) => args.join(" ").includes("SESSION_SECRET"));
      expect(logged).toHaveLength(1);
    } finally {
      (env as { SESSION_SECRET?: string }).SESSION_SECRET = secret;
      vi.restoreAllMocks();
    }
  });
});
