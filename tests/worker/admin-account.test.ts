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
  it("needs the current password and a matching new one of 12+ characters", async () => {
    const wrong = await postForm("/admin/account", { intent: "change-password", current_password: "nope", new_password: "new-password-1", confirm_password: "new-password-1" }, { cookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password");
    const short = await postForm("/admin/account", { intent: "change-password", current_password: TEST_ADMIN.password, new_password: "short", confirm_password: "short" }, { cookie });
    expect(await short.text()).toContain("Password must be at least 12 characters");
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

describe("new passwords", () => {
  async function changeTo(password: string) {
    const response = await postForm(
      "/admin/account",
      { intent: "change-password", current_password: TEST_ADMIN.password, new_password: password, confirm_password: password },
      { cookie },
    );
    return { status: response.status, body: await response.text() };
  }

  it("need at least 12 characters", async () => {
    const refused = await changeTo("eleven-char");
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("Password must be at least 12 characters");
    expect((await changeTo("twelve-chars")).status).toBe(302);
  });

  it.each(["password1234", "Password!!2024", "PASSWORD12345678", "iloveyou1234!", "Malawi2024!!", "blessed12345", "Jesus-1234567", "qwertyuiop12", "letmein123456", "welcome@2024", "admin1234567", "123456789012"])(
    "are refused when they are a common password with digits and symbols added: %s",
    async (password) => {
      const refused = await changeTo(password);
      expect(refused.status).toBe(400);
      expect(refused.body).toContain("This password is too common");
    },
  );

  it("are refused when they contain the ministry's name or the e-mail's name", async () => {
    for (const password of ["BaptistMen-2024!", "I love Baptist Men's Ministry Malawi", "baptist.men.forever"]) {
      const refused = await changeTo(password);
      expect(refused.status, password).toBe(400);
      expect(refused.body).toContain("The password must not contain the ministry&#x27;s name");
    }
    const refused = await changeTo("my-Admin-secret-99"); // admin@example.org
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("The password must not contain the e-mail address");
  });

  it("apply to a new admin's password, with the new admin's own e-mail", async () => {
    for (const [password, message] of [
      ["password1234", "This password is too common"],
      ["chisomo-banda-1987", "The password must not contain the e-mail address"],
      ["short-pass", "Password must be at least 12 characters"],
    ]) {
      const refused = await postForm("/admin/account", { intent: "add-admin", email: "chisomo-banda@example.org", password: password! }, { cookie });
      expect(refused.status, password).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    expect(await adminEmails()).toEqual(["admin@example.org"]);
  });

  it("leave passwords set before alone: an 8-character password still signs in", async () => {
    await createAdmin("older@example.org", "eightchr");
    expect((await postForm("/auth", { email: "older@example.org", password: "eightchr" }, { ip: "198.51.100.9" })).status).toBe(302);
  });
});

describe("managing admins", () => {
  it("adds an admin who can then sign in, and refuses a duplicate or weak input", async () => {
    const added = await postForm("/admin/account", { intent: "add-admin", email: "Second@Example.org", password: "plateau-sunrise-walk" }, { cookie });
    expect(added.status).toBe(302);
    expect(await adminEmails()).toEqual(["admin@example.org", "second@example.org"]);
    expect((await postForm("/auth", { email: "second@example.org", password: "plateau-sunrise-walk" }, { ip: "198.51.100.4" })).status).toBe(302);

    const duplicate = await postForm("/admin/account", { intent: "add-admin", email: "second@example.org", password: "another-password" }, { cookie });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("An admin with this email already exists.");
    const weak = await postForm("/admin/account", { intent: "add-admin", email: "not-an-email", password: "x" }, { cookie });
    expect(weak.status).toBe(400);
  });

  it("removes another admin, whose sessions stop working, but never yourself or the last admin", async () => {
    await postForm("/admin/account", { intent: "add-admin", email: "second@example.org", password: "plateau-sunrise-walk" }, { cookie });
    const secondCookie = await signIn("second@example.org", "plateau-sunrise-walk", "198.51.100.5");
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
    await postForm("/admin/account", { intent: "add-admin", email: "second@example.org", password: "plateau-sunrise-walk" }, { cookie });
    const secondCookie = await signIn("second@example.org", "plateau-sunrise-walk", "198.51.100.6");
    const ids = await env.DB.prepare("SELECT id, email FROM admin_users").all<{ id: number; email: string }>();
    const idOf = (email: string) => String(ids.results.find((r) => r.email === email)!.id);
    await Promise.all([
      postForm("/admin/account", { intent: "remove-admin", id: idOf("second@example.org") }, { cookie }),
      postForm("/admin/account", { intent: "remove-admin", id: idOf("admin@example.org") }, { cookie: secondCookie }),
    ]);
    expect((await adminEmails()).length).toBe(1);
  });
});
