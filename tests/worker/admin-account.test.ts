import { env } from "cloudflare:workers";
import { decodeJwt, SignJWT } from "jose";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { allSettled, fakeSender, outboxRows, SITE_URL, waitForOutbox, withEmailSetUp } from "./email-helpers";
import { cookieValue, createAdmin, postForm, request, signIn, TEST_ADMIN, toastOf } from "./helpers";

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
    await env.DB.prepare("INSERT INTO admin_sessions (id, admin_id) VALUES ('renewing', ?1)").bind(adminId).run();
    const old = await new SignJWT({ email: TEST_ADMIN.email, sv: 1, sid: "renewing", auth_time: signedIn })
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

  it("apply to a new account's password, with the new account's own e-mail", async () => {
    for (const [password, message] of [
      ["password1234", "This password is too common"],
      ["chisomo-banda-1987", "The password must not contain the e-mail address"],
      ["short-pass", "Password must be at least 12 characters"],
    ]) {
      const refused = await postForm("/admin/account", { intent: "add-account", email: "chisomo-banda@example.org", password: password!, role: "editor", current_password: TEST_ADMIN.password }, { cookie });
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

async function accounts() {
  const { results } = await env.DB.prepare("SELECT id, email, role FROM admin_users ORDER BY email").all<{ id: number; email: string; role: string }>();
  return results;
}
const idOf = async (email: string) => String((await accounts()).find((a) => a.email === email)!.id);

function addAccount(fields: Partial<Record<"email" | "password" | "role" | "current_password", string>>, as = cookie) {
  return postForm("/admin/account", { intent: "add-account", email: "second@example.org", password: "plateau-sunrise-walk", role: "editor", current_password: TEST_ADMIN.password, ...fields }, { cookie: as });
}

describe("checks of your own password (issue 28, finding 4)", () => {
  const changeMyPassword = (current: string) =>
    postForm("/admin/account", { intent: "change-password", current_password: current, new_password: "a-brand-new-password", confirm_password: "a-brand-new-password" }, { cookie });

  it("are counted like sign-in attempts: after 5 wrong ones, even the right one is refused with 429 until the window passes", async () => {
    for (let attempt = 1; attempt <= 5; attempt++) expect((await changeMyPassword(`wrong-${attempt}`)).status, `attempt ${attempt}`).toBe(400);
    const locked = await changeMyPassword(TEST_ADMIN.password);
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("Too many wrong passwords");
    // The same count guards adding an account and changing a role.
    const add = await postForm("/admin/account", { intent: "add-account", email: "second@example.org", password: "plateau-sunrise-walk", role: "editor", current_password: TEST_ADMIN.password }, { cookie });
    expect(add.status).toBe(429);
    expect(await adminEmails()).toEqual(["admin@example.org"]);
    // Once the 15 minutes have passed, the right password works again.
    await env.DB.prepare("UPDATE rate_limits SET window_start = window_start - 16 * 60 * 1000 WHERE key LIKE 'own-password:%'").run();
    expect((await changeMyPassword(TEST_ADMIN.password)).status).toBe(302);
  });

  it("count only failures: a right password starts the count afresh", async () => {
    for (let round = 0; round < 2; round++) {
      for (let attempt = 1; attempt <= 4; attempt++) expect((await changeMyPassword(`wrong-${attempt}`)).status).toBe(400);
      const add = await postForm("/admin/account", { intent: "add-account", email: `n${round}@example.org`, password: "plateau-sunrise-walk", role: "editor", current_password: TEST_ADMIN.password }, { cookie });
      expect(add.status).toBe(302);
    }
  });
});

describe("managing accounts", () => {
  it("says what each role can do, the door's cash and walk-ins included", async () => {
    const cookie = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, "198.51.100.9");
    const page = (await (await request("/admin/account", { cookie })).text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(page).toContain("Editors manage content, registrations and check-in.");
    expect(page).toContain("Door volunteers work the door: check people in, add walk-ins and take cash there.");
  });

  it("adds an account with a role, who can then sign in, and refuses a duplicate or bad input", async () => {
    const added = await addAccount({ email: "Second@Example.org", role: "editor" });
    expect(added.status).toBe(302);
    expect((await toastOf(added))?.title).toBe("Account added");
    expect(await accounts()).toEqual([expect.objectContaining({ email: "admin@example.org", role: "admin" }), expect.objectContaining({ email: "second@example.org", role: "editor" })]);
    expect((await postForm("/auth", { email: "second@example.org", password: "plateau-sunrise-walk" }, { ip: "198.51.100.4" })).status).toBe(302);

    const duplicate = await addAccount({ password: "another-password" });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("An account with this email already exists.");
    const weak = await addAccount({ email: "not-an-email", password: "x" });
    expect(weak.status).toBe(400);
    const noRole = await addAccount({ email: "third@example.org", role: "owner" });
    expect(noRole.status).toBe(400);
    expect(await noRole.text()).toContain("Choose a role: Administrator, Editor or Door volunteer");
    expect((await accounts()).map((a) => a.email)).toEqual(["admin@example.org", "second@example.org"]);
  });

  it("asks for the current password again before adding, changing or removing an account, and keeps what was typed", async () => {
    const missing = await addAccount({ email: "third@example.org", current_password: "" });
    expect(missing.status).toBe(400);
    const missingPage = await missing.text();
    expect(missingPage).toContain("Enter your own password to confirm");
    expect(missingPage).toContain('value="third@example.org"');
    const wrong = await addAccount({ email: "third@example.org", current_password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password");

    await addAccount({});
    const second = await idOf("second@example.org");
    for (const intent of ["change-role", "remove-account"]) {
      const refused = await postForm("/admin/account", { intent, id: second, role: "admin", current_password: "not-my-password" }, { cookie });
      expect(refused.status, intent).toBe(400);
      expect(await refused.text()).toContain("That is not your current password");
    }
    expect(await accounts()).toEqual([expect.objectContaining({ role: "admin" }), expect.objectContaining({ email: "second@example.org", role: "editor" })]);
  });

  it("changes a role, which ends that person's sessions", async () => {
    await addAccount({ role: "editor" });
    const secondCookie = await signIn("second@example.org", "plateau-sunrise-walk", "198.51.100.5");
    expect((await request("/admin", { cookie: secondCookie })).status).toBe(200);

    const changed = await postForm("/admin/account", { intent: "change-role", id: await idOf("second@example.org"), role: "volunteer", current_password: TEST_ADMIN.password }, { cookie });
    expect(changed.status).toBe(302);
    expect((await toastOf(changed))?.title).toBe("Role changed");
    expect((await accounts()).find((a) => a.email === "second@example.org")?.role).toBe("volunteer");
    expect((await request("/admin", { cookie: secondCookie })).headers.get("Location")).toBe("/auth");

    // Signing in again gives the new role: the door, not the dashboard.
    const again = await postForm("/auth", { email: "second@example.org", password: "plateau-sunrise-walk" }, { ip: "198.51.100.5" });
    expect([again.status, again.headers.get("Location")]).toEqual([303, "/admin/check-in"]);
  });

  it("removes another account, whose sessions stop working, but never yourself", async () => {
    await addAccount({});
    const secondCookie = await signIn("second@example.org", "plateau-sunrise-walk", "198.51.100.5");

    for (const intent of ["remove-account", "change-role"]) {
      const self = await postForm("/admin/account", { intent, id: String(adminId), role: "editor", current_password: TEST_ADMIN.password }, { cookie });
      expect(self.status).toBe(400);
      expect(await self.text()).toContain("You cannot change or remove your own account here.");
    }

    const removed = await postForm("/admin/account", { intent: "remove-account", id: await idOf("second@example.org"), current_password: TEST_ADMIN.password }, { cookie });
    expect(removed.status).toBe(302);
    expect(await adminEmails()).toEqual(["admin@example.org"]);
    expect((await request("/admin", { cookie: secondCookie })).status).toBe(302);
  });

  it("only lets Administrators manage accounts; others may only change their own password", async () => {
    await addAccount({ email: "editor@example.org", role: "editor" });
    await addAccount({ email: "door@example.org", role: "volunteer" });
    for (const email of ["editor@example.org", "door@example.org"]) {
      const theirs = await signIn(email, "plateau-sunrise-walk", "198.51.100.7");
      const page = await request("/admin/account", { cookie: theirs });
      expect(page.status).toBe(200);
      const body = await page.text();
      expect(body).toContain("Change your password");
      expect(body, email).not.toContain("admin@example.org");
      expect(body).not.toContain("Add account");
      const added = await postForm("/admin/account", { intent: "add-account", email: "sneaky@example.org", password: "plateau-sunrise-walk", role: "admin", current_password: "plateau-sunrise-walk" }, { cookie: theirs });
      expect(added.status, email).toBe(403);
      const promoted = await postForm("/admin/account", { intent: "change-role", id: await idOf(email), role: "admin", current_password: "plateau-sunrise-walk" }, { cookie: theirs });
      expect(promoted.status, email).toBe(403);
      const removed = await postForm("/admin/account", { intent: "remove-account", id: String(adminId), current_password: "plateau-sunrise-walk" }, { cookie: theirs });
      expect(removed.status, email).toBe(403);
      const ownPassword = await postForm("/admin/account", { intent: "change-password", current_password: "plateau-sunrise-walk", new_password: "a-brand-new-password", confirm_password: "a-brand-new-password" }, { cookie: theirs });
      expect(ownPassword.status, email).toBe(302);
    }
    expect(await accounts()).toEqual([
      expect.objectContaining({ email: "admin@example.org", role: "admin" }),
      expect.objectContaining({ email: "door@example.org", role: "volunteer" }),
      expect.objectContaining({ email: "editor@example.org", role: "editor" }),
    ]);
  });

  it("keeps the last Administrator, even when two Administrators remove or demote each other at the same moment", async () => {
    for (const [first, second] of [
      ["remove-account", "remove-account"],
      ["change-role", "change-role"],
      ["remove-account", "change-role"],
    ] as const) {
      await env.DB.prepare("DELETE FROM admin_users WHERE email <> 'admin@example.org'").run();
      await addAccount({ role: "admin" });
      const secondCookie = await signIn("second@example.org", "plateau-sunrise-walk", "198.51.100.6");
      const answers = await Promise.all([
        postForm("/admin/account", { intent: first, id: await idOf("second@example.org"), role: "editor", current_password: TEST_ADMIN.password }, { cookie }),
        postForm("/admin/account", { intent: second, id: String(adminId), role: "volunteer", current_password: "plateau-sunrise-walk" }, { cookie: secondCookie }),
      ]);
      const administrators = (await accounts()).filter((a) => a.role === "admin");
      expect(administrators.length, `${first} + ${second}`).toBe(1);
      // One change is made; the other is refused, or finds its author already signed out by it.
      const outcomes = answers.map((a) => (a.status === 409 ? "refused" : a.headers.get("Location") === "/admin/account" ? "done" : a.headers.get("Location")));
      expect(outcomes.filter((o) => o === "done"), `${first} + ${second}`).toHaveLength(1);
      expect(outcomes.filter((o) => o !== "done")[0]).toMatch(/^(refused|\/auth)$/);
      const refused = answers.find((a) => a.status === 409);
      if (refused) expect(await refused.text()).toContain("The last Administrator cannot be removed or given another role.");
    }
  });
});

describe("account changes are e-mailed to every Administrator", () => {
  withEmailSetUp();

  it("for an account added, given another role and removed; nothing for a refused change", async () => {
    const sender = fakeSender();
    await createAdmin("second-admin@example.org", "plateau-sunrise-walk", "admin");
    await createAdmin("an-editor@example.org", "plateau-sunrise-walk", "editor");
    await addAccount({ email: "door@example.org", role: "volunteer" });
    await postForm("/admin/account", { intent: "change-role", id: await idOf("door@example.org"), role: "editor", current_password: TEST_ADMIN.password }, { cookie });
    await postForm("/admin/account", { intent: "remove-account", id: await idOf("door@example.org"), current_password: TEST_ADMIN.password }, { cookie });
    await postForm("/admin/account", { intent: "remove-account", id: await idOf("an-editor@example.org"), current_password: "wrong-password" }, { cookie });

    await waitForOutbox(allSettled, "kind = 'account-change'");
    const rows = await outboxRows("kind = 'account-change'");
    expect(rows.map((r) => [r.recipient, r.subject])).toEqual([
      ["admin@example.org", "Account change: Added account door@example.org"],
      ["second-admin@example.org", "Account change: Added account door@example.org"],
      ["door@example.org", "Your account on the website: added account"],
      ["admin@example.org", "Account change: Changed role door@example.org"],
      ["second-admin@example.org", "Account change: Changed role door@example.org"],
      ["door@example.org", "Your account on the website: changed role"],
      ["admin@example.org", "Account change: Removed account door@example.org"],
      ["second-admin@example.org", "Account change: Removed account door@example.org"],
      ["door@example.org", "Your account on the website: removed account"],
    ]);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    expect(sender.accepted).toHaveLength(9);
    const added = rows[0]!;
    expect(added.body_text).toContain("admin@example.org made this change");
    expect(added.body_text).toContain("Role: Door volunteer");
    expect(added.body_text).toContain(`${SITE_URL}/admin/activity?kind=account`);
    // The account's holder hears what happened to it, by whom, and whom to ask.
    const moved = rows[5]!;
    expect(moved.body_text).toContain("admin@example.org made this change to your account (door@example.org)");
    expect(moved.body_text).toContain("New role: Editor (signed out everywhere)");
    expect(moved.body_text).toContain("If you did not expect this, ask an Administrator.");
    expect(rows[8]!.body_text).toContain("You can no longer sign in.");
  });

  it("a changed password is e-mailed to its holder alone (other devices signed out; if it was not him, whom to ask)", async () => {
    fakeSender();
    await createAdmin("second-admin@example.org", "plateau-sunrise-walk", "admin");
    const changed = await postForm("/admin/account", { intent: "change-password", current_password: TEST_ADMIN.password, new_password: "lantern-harbour-quietly-9", confirm_password: "lantern-harbour-quietly-9" }, { cookie });
    expect(changed.status).toBe(302);
    await waitForOutbox(allSettled, "kind = 'account-change'");
    const rows = await outboxRows("kind = 'account-change'");
    expect(rows.map((r) => [r.recipient, r.subject])).toEqual([["admin@example.org", "Your account on the website: changed own password"]]);
    expect(rows[0]!.body_text).toContain("Your account's password was changed on");
    expect(rows[0]!.body_text).toContain("If you did not do this, ask an Administrator at once to reset your password.");
  });

  it("never undoes the change when the e-mail cannot be queued", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.exec("DROP TABLE email_outbox");
    const added = await addAccount({ email: "door@example.org", role: "volunteer" });
    expect(added.status).toBe(302);
    expect((await accounts()).map((a) => a.email)).toContain("door@example.org");
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("could not be queued"), expect.anything());
    const log = await env.DB.prepare("SELECT action FROM activity_log WHERE kind = 'account'").all();
    expect(log.results).toEqual([{ action: "Added account" }]);
  });
});
