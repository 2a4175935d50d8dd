import { env } from "cloudflare:workers";
import { decodeJwt, SignJWT } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { cookieValue, createAdmin, postForm, request, signIn, TEST_ADMIN } from "./helpers";

let cookie: string;
let adminId: number;
beforeEach(async () => {
  adminId = await createAdmin();
  cookie = await signIn();
});

async function adminEmails() {
  const { results } = await env.DB.prepare("SELECT email FROM admin_users ORDER BY email").all<{ email: string }>();
  return results.map((r) => r.email);
}

describe("changing your password", () => {
  it("needs the current password and a matching new one of 8+ characters", async () => {
    const wrong = await postForm("/admin/account", { intent: "change-password", current_password: "nope", new_password: "new-password-1", confirm_password: "new-password-1" }, { cookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password");
    const short = await postForm("/admin/account", { intent: "change-password", current_password: TEST_ADMIN.password, new_password: "short", confirm_password: "short" }, { cookie });
    expect(await short.text()).toContain("Password must be at least 8 characters");
    const mismatch = await postForm("/admin/account", { intent: "change-password", current_password: TEST_ADMIN.password, new_password: "new-password-1", confirm_password: "new-password-2" }, { cookie });
    expect(await mismatch.text()).toContain("Passwords do not match");
  });

  it("sets the new password, keeps this session and signs out other devices", async () => {
    const otherDevice = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, "198.51.100.2");
    const response = await postForm(
      "/admin/account",
      { intent: "change-password", current_password: TEST_ADMIN.password, new_password: "a-brand-new-password", confirm_password: "a-brand-new-password" },
      { cookie },
    );
    expect(response.status).toBe(302);
    const renewed = `session=${cookieValue(response, "session")}`;
    expect((await request("/admin", { cookie: renewed })).status).toBe(200);
    expect((await request("/admin", { cookie: otherDevice })).status).toBe(302);
    expect((await postForm("/auth", TEST_ADMIN, { ip: "198.51.100.3" })).status).toBe(401);
    expect((await postForm("/auth", { email: TEST_ADMIN.email, password: "a-brand-new-password" }, { ip: "198.51.100.3" })).status).toBe(302);
  });

  it("keeps this session when the password changes in a session that is due for renewal", async () => {
    const signedIn = Math.floor(Date.now() / 1000) - 3600;
    const old = await new SignJWT({ email: TEST_ADMIN.email, sv: 1, auth_time: signedIn })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(adminId))
      .setIssuedAt(signedIn)
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(env.SESSION_SECRET));
    const response = await postForm(
      "/admin/account",
      { intent: "change-password", current_password: TEST_ADMIN.password, new_password: "a-brand-new-password", confirm_password: "a-brand-new-password" },
      { cookie: `session=${old}` },
    );
    expect(response.status).toBe(302);
    // The browser keeps the last cookie of a name: there must be one, the action's.
    const sessionCookies = response.headers.getSetCookie().filter((c) => c.startsWith("session="));
    expect(sessionCookies).toHaveLength(1);
    const kept = cookieValue(response, "session")!;
    expect((await request("/admin", { cookie: `session=${kept}` })).status).toBe(200);
    expect(decodeJwt(kept).auth_time).toBe(signedIn);
  });
});

describe("managing admins", () => {
  it("adds an admin who can then sign in, and refuses a duplicate or weak input", async () => {
    const added = await postForm("/admin/account", { intent: "add-admin", email: "Second@Example.org", password: "second-password" }, { cookie });
    expect(added.status).toBe(302);
    expect(await adminEmails()).toEqual(["admin@example.org", "second@example.org"]);
    expect((await postForm("/auth", { email: "second@example.org", password: "second-password" }, { ip: "198.51.100.4" })).status).toBe(302);

    const duplicate = await postForm("/admin/account", { intent: "add-admin", email: "second@example.org", password: "another-password" }, { cookie });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("An admin with this email already exists.");
    const weak = await postForm("/admin/account", { intent: "add-admin", email: "not-an-email", password: "x" }, { cookie });
    expect(weak.status).toBe(400);
  });

  it("removes another admin, whose sessions stop working, but never yourself or the last admin", async () => {
    await postForm("/admin/account", { intent: "add-admin", email: "second@example.org", password: "second-password" }, { cookie });
    const secondCookie = await signIn("second@example.org", "second-password", "198.51.100.5");
    const { id: secondId } = (await env.DB.prepare("SELECT id FROM admin_users WHERE email = 'second@example.org'").first<{ id: number }>())!;
    const { id: myId } = (await env.DB.prepare("SELECT id FROM admin_users WHERE email = 'admin@example.org'").first<{ id: number }>())!;

    const self = await postForm("/admin/account", { intent: "remove-admin", id: String(myId) }, { cookie });
    expect(self.status).toBe(400);
    expect(await self.text()).toContain("You cannot remove your own account.");

    const removed = await postForm("/admin/account", { intent: "remove-admin", id: String(secondId) }, { cookie });
    expect(removed.status).toBe(302);
    expect(await adminEmails()).toEqual(["admin@example.org"]);
    expect((await request("/admin", { cookie: secondCookie })).status).toBe(302);
  });

  it("keeps the last admin even when two admins remove each other at the same moment", async () => {
    await postForm("/admin/account", { intent: "add-admin", email: "second@example.org", password: "second-password" }, { cookie });
    const secondCookie = await signIn("second@example.org", "second-password", "198.51.100.6");
    const ids = await env.DB.prepare("SELECT id, email FROM admin_users").all<{ id: number; email: string }>();
    const idOf = (email: string) => String(ids.results.find((r) => r.email === email)!.id);
    await Promise.all([
      postForm("/admin/account", { intent: "remove-admin", id: idOf("second@example.org") }, { cookie }),
      postForm("/admin/account", { intent: "remove-admin", id: idOf("admin@example.org") }, { cookie: secondCookie }),
    ]);
    expect((await adminEmails()).length).toBe(1);
  });
});
