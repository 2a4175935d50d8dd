// Two-step sign-in (issue 28): authenticator codes (RFC 6238), recovery codes, the rule that
// Administrators must use it, and the sessions list with its "Sign out" buttons. Everything goes
// through the Worker's real fetch and D1, as a phone would use the pages.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { totpCode, totpStep } from "~/features/accounts/totp.server";
import { cookieValue, createAdmin, postForm, request, signIn, TEST_ADMIN, toastOf } from "./helpers";

let adminId: number;
let cookie: string;
beforeEach(async () => {
  adminId = await createAdmin();
  cookie = await signIn();
});

/** Waits out the last two seconds of a 30-second step, so a code computed here is still current there. */
async function awayFromStepEdge() {
  const intoStep = (Date.now() / 1000) % 30;
  if (intoStep > 28) await new Promise((resolve) => setTimeout(resolve, (30 - intoStep + 0.2) * 1000));
}

async function codeAt(secret: string, stepsLate = 0) {
  await awayFromStepEdge();
  return totpCode(secret, totpStep(Date.now()) - stepsLate);
}

/**
 * Turns two-step sign-in on from the account page, as a person with an app would; returns the secret
 * and recovery codes. The browser keeps the renewed session cookie the answer sets (turning it on
 * signs other devices out, so the cookie it had before is refused).
 */
async function turnOn(sessionCookie = cookie, password = TEST_ADMIN.password) {
  const page = await (await request("/admin/account/two-step", { cookie: sessionCookie })).text();
  expect(page).toContain('aria-label="QR code for your authenticator app"');
  const sealed = /name="setup" value="([^"]+)"/.exec(page)![1]!;
  const secret = /Key: <code[^>]*>([A-Z2-7 ]+)<\/code>/.exec(page)![1]!.replace(/ /g, "");
  const response = await postForm("/admin/account/two-step", { intent: "turn-on", setup: sealed, code: await codeAt(secret), current_password: password }, { cookie: sessionCookie });
  expect(response.status).toBe(200);
  const renewed = cookieValue(response, "session");
  expect(renewed).not.toBeNull();
  if (sessionCookie === cookie) cookie = `session=${renewed}`;
  const html = await response.text();
  const recoveryCodes = [...html.matchAll(/<li>([A-Z2-7]{5}-[A-Z2-7]{5})<\/li>/g)].map((m) => m[1]!);
  return { secret, recoveryCodes };
}

/** The password step: returns the two-step cookie to send with the code. */
async function passwordStep(ip = "203.0.113.9") {
  const response = await postForm("/auth", TEST_ADMIN, { ip });
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe("/auth/two-step");
  expect(cookieValue(response, "session")).toBeNull();
  return `two-step=${cookieValue(response, "two-step")}`;
}

const secondStep = (twoStep: string, code: string) => postForm("/auth/two-step", { code }, { cookie: twoStep });

describe("authenticator codes", () => {
  it("match RFC 6238's SHA-1 test vectors", async () => {
    // The RFC's secret is the ASCII "12345678901234567890" (base32 below), codes of 8 digits.
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(await totpCode(secret, Math.floor(59 / 30), 8)).toBe("94287082");
    expect(await totpCode(secret, Math.floor(1111111109 / 30), 8)).toBe("07081804");
    expect(await totpCode(secret, Math.floor(2000000000 / 30), 8)).toBe("69279037");
  });

  it("are set up from the account page with a QR code, and then asked after the password", async () => {
    const { secret, recoveryCodes } = await turnOn();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // The secret is stored sealed, never as the key the page showed.
    const row = await env.DB.prepare("SELECT totp_secret FROM admin_users WHERE id = ?1").bind(adminId).first<{ totp_secret: string }>();
    expect(row!.totp_secret).not.toContain(secret);

    const twoStep = await passwordStep();
    // Without the second step there is no session: the admin area still sends to /auth.
    expect((await request("/admin", { cookie: twoStep })).headers.get("Location")).toBe("/auth");
    await env.DB.prepare("UPDATE admin_users SET totp_last_step = 0 WHERE id = ?1").bind(adminId).run();
    const response = await secondStep(twoStep, await codeAt(secret));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin");
    const session = `session=${cookieValue(response, "session")}`;
    expect((await request("/admin", { cookie: session })).status).toBe(200);
  });

  it("lead back to the page asked for (/auth?next=…) after the code, as after a password alone", async () => {
    const { secret } = await turnOn();
    const next = encodeURIComponent("/admin/check-in");
    const first = await postForm(`/auth?next=${next}`, TEST_ADMIN, { ip: "203.0.113.10" });
    expect(first.headers.get("Location")).toBe(`/auth/two-step?next=${next}`);
    const twoStep = `two-step=${cookieValue(first, "two-step")}`;
    expect(await (await request(`/auth/two-step?next=${next}`, { cookie: twoStep })).text()).toContain(`action="/auth/two-step?next=${next}"`);
    await env.DB.prepare("UPDATE admin_users SET totp_last_step = 0 WHERE id = ?1").bind(adminId).run();
    const signedIn = await postForm(`/auth/two-step?next=${next}`, { code: await codeAt(secret) }, { cookie: twoStep });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("Location")).toBe("/admin/check-in");
  });

  it("refuse a wrong code and a code used before", async () => {
    const { secret } = await turnOn();
    await env.DB.prepare("UPDATE admin_users SET totp_last_step = 0 WHERE id = ?1").bind(adminId).run();
    const twoStep = await passwordStep();
    const wrong = await secondStep(twoStep, "000000" === (await codeAt(secret)) ? "111111" : "000000");
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That code is not right, or it was used already");

    const code = await codeAt(secret);
    expect((await secondStep(twoStep, code)).status).toBe(303);
    const again = await secondStep(await passwordStep(), code);
    expect(again.status).toBe(401);
    expect(cookieValue(again, "session")).toBeNull();
  });

  it("accept a code one step late and refuse one three steps late", async () => {
    const { secret } = await turnOn();
    await env.DB.prepare("UPDATE admin_users SET totp_last_step = 0 WHERE id = ?1").bind(adminId).run();
    const threeLate = await secondStep(await passwordStep(), await codeAt(secret, 3));
    expect(threeLate.status).toBe(401);
    const oneLate = await secondStep(await passwordStep(), await codeAt(secret, 1));
    expect(oneLate.status).toBe(303);
  });

  it("accept one code once when it arrives from five sign-ins at the same moment", async () => {
    const { secret } = await turnOn();
    await env.DB.prepare("UPDATE admin_users SET totp_last_step = 0 WHERE id = ?1").bind(adminId).run();
    const cookies = await Promise.all(Array.from({ length: 5 }, (_, i) => passwordStep(`203.0.113.${20 + i}`)));
    const code = await codeAt(secret);
    const answers = await Promise.all(cookies.map((twoStep) => secondStep(twoStep, code)));
    expect(answers.filter((r) => r.status === 303)).toHaveLength(1);
  });

  it("lock the second step after 10 wrong codes, like passwords", async () => {
    const { secret } = await turnOn();
    await env.DB.prepare("UPDATE admin_users SET totp_last_step = 0 WHERE id = ?1").bind(adminId).run();
    const twoStep = await passwordStep();
    const right = await codeAt(secret);
    const wrong = right === "123456" ? "654321" : "123456";
    for (let i = 0; i < 10; i++) expect((await secondStep(twoStep, wrong)).status).toBe(401);
    const locked = await secondStep(twoStep, await codeAt(secret));
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain("Too many wrong codes. Please wait 15 minutes and try again.");
  });
});

describe("recovery codes", () => {
  it("sign in once each, whatever the case or dashes typed", async () => {
    const { recoveryCodes } = await turnOn();
    const [first] = recoveryCodes;
    const typed = first!.toLowerCase().replace("-", " ");
    const used = await secondStep(await passwordStep(), typed);
    expect(used.status).toBe(303);
    expect((await secondStep(await passwordStep(), first!)).status).toBe(401);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM admin_recovery_codes WHERE admin_id = ?1").bind(adminId).first<{ n: number }>();
    expect(left!.n).toBe(9);
  });
});

describe("turning it on and off", () => {
  it("keeps the same QR code after a wrong first code, and asks for the password", async () => {
    const page = await (await request("/admin/account/two-step", { cookie })).text();
    const sealed = /name="setup" value="([^"]+)"/.exec(page)![1]!;
    const wrong = await postForm("/admin/account/two-step", { intent: "turn-on", setup: sealed, code: "12345", current_password: TEST_ADMIN.password }, { cookie });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(`name="setup" value="${sealed}"`);
    const noPassword = await postForm("/admin/account/two-step", { intent: "turn-on", setup: sealed, code: "123456", current_password: "not-my-password" }, { cookie });
    expect(await noPassword.text()).toContain("That is not your current password");
    const state = await env.DB.prepare("SELECT totp_secret FROM admin_users WHERE id = ?1").bind(adminId).first<{ totp_secret: string | null }>();
    expect(state!.totp_secret).toBeNull();
  });

  it("signs the account's other devices out when turned on, and this one stays signed in", async () => {
    const otherPhone = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, "198.51.100.30");
    expect((await request("/admin", { cookie: otherPhone })).status).toBe(200);
    const before = cookie;
    const page = await (await request("/admin/account/two-step", { cookie })).text();
    const sealed = /name="setup" value="([^"]+)"/.exec(page)![1]!;
    const secret = /Key: <code[^>]*>([A-Z2-7 ]+)<\/code>/.exec(page)![1]!.replace(/ /g, "");
    const on = await postForm("/admin/account/two-step", { intent: "turn-on", setup: sealed, code: await codeAt(secret), current_password: TEST_ADMIN.password }, { cookie });
    expect(on.status).toBe(200);
    expect(await on.text()).toContain("Two-step sign-in is on. Other devices were signed out.");

    // The other phone is sent to sign in; this browser goes on with the cookie the answer set.
    expect((await request("/admin", { cookie: otherPhone })).headers.get("Location")).toBe("/auth");
    const renewed = `session=${cookieValue(on, "session")}`;
    expect((await request("/admin", { cookie: renewed })).status).toBe(200);
    expect(await (await request("/admin/account/two-step", { cookie: renewed })).text()).toContain("Two-step sign-in is on");
    // The cookie this browser had before carries the old session version: it no longer signs anyone in.
    expect((await request("/admin", { cookie: before })).headers.get("Location")).toBe("/auth");
  });

  it("signs the account's other devices out when turned off, and this one stays signed in", async () => {
    const { secret } = await turnOn();
    await env.DB.prepare("UPDATE admin_users SET totp_last_step = 0 WHERE id = ?1").bind(adminId).run();
    const laptop = `session=${cookieValue(await secondStep(await passwordStep("198.51.100.31"), await codeAt(secret)), "session")}`;
    expect((await request("/admin", { cookie: laptop })).status).toBe(200);

    const off = await postForm("/admin/account/two-step", { intent: "turn-off", current_password: TEST_ADMIN.password }, { cookie });
    expect(off.status).toBe(302);
    expect((await toastOf(off))?.description).toBe("Your password alone now signs you in. Other devices were signed out.");
    expect((await request("/admin", { cookie: laptop })).headers.get("Location")).toBe("/auth");
    expect((await request("/admin", { cookie: `session=${cookieValue(off, "session")}` })).status).toBe(200);
  });

  it("turns off with the password, and then the password alone signs in", async () => {
    await turnOn();
    const off = await postForm("/admin/account/two-step", { intent: "turn-off", current_password: TEST_ADMIN.password }, { cookie });
    expect(off.status).toBe(302);
    expect((await postForm("/auth", TEST_ADMIN, { ip: "203.0.113.40" })).status).toBe(302);
  });
});

describe("require_two_step for Administrators", () => {
  it("sends an Administrator without it to set it up first, and cannot be switched on by one without it", async () => {
    const refused = await postForm("/admin/account/two-step", { intent: "require", require_two_step: "on", current_password: TEST_ADMIN.password }, { cookie });
    expect(await refused.text()).toContain("Turn on two-step sign-in for your own account first.");

    await turnOn();
    const saved = await postForm("/admin/account/two-step", { intent: "require", require_two_step: "on", current_password: TEST_ADMIN.password }, { cookie });
    expect(saved.status).toBe(302);

    const other = "second-admin@example.org";
    await createAdmin(other, "second-admin-password", "admin");
    const otherCookie = await signIn(other, "second-admin-password", "203.0.113.50");
    const dashboard = await request("/admin", { cookie: otherCookie });
    expect(dashboard.status).toBe(303);
    expect(dashboard.headers.get("Location")).toBe("/admin/account/two-step");
    expect((await request("/api/admin/me", { cookie: otherCookie })).status).toBe(403);
    expect(await (await request("/admin/account/two-step", { cookie: otherCookie })).text()).toContain("Administrators must use two-step sign-in on this site");

    // An Editor is not an Administrator: the rule does not stop them.
    await createAdmin("editor@example.org", "editor-password-1", "editor");
    expect((await request("/admin", { cookie: await signIn("editor@example.org", "editor-password-1", "203.0.113.51") })).status).toBe(200);

    // And the Administrator who has it cannot turn it off while it is required.
    const off = await postForm("/admin/account/two-step", { intent: "turn-off", current_password: TEST_ADMIN.password }, { cookie });
    expect(off.status).toBe(409);
  });
});

describe("the sessions list", () => {
  it("shows each signed-in device and signs another one out", async () => {
    const laptop = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, "198.51.100.7");
    const page = await (await request("/admin/account/sessions", { cookie })).text();
    expect(page).toContain("This device");
    expect(page).toContain("198.51.100.7");
    const laptopSession = [...page.matchAll(/name="session" value="([^"]+)"/g)].map((m) => m[1]);
    expect(laptopSession).toHaveLength(1);

    const ended = await postForm("/admin/account/sessions", { intent: "end-session", session: laptopSession[0]! }, { cookie });
    expect(ended.status).toBe(302);
    expect((await request("/admin", { cookie: laptop })).headers.get("Location")).toBe("/auth");
    expect((await request("/admin", { cookie })).status).toBe(200);
  });

  it("signs out all other sessions at once, and never another account's session by its id", async () => {
    const phone = await signIn(TEST_ADMIN.email, TEST_ADMIN.password, "198.51.100.8");
    await createAdmin("editor@example.org", "editor-password-1", "editor");
    const editor = await signIn("editor@example.org", "editor-password-1", "198.51.100.9");
    const editorSession = await env.DB.prepare("SELECT s.id FROM admin_sessions s JOIN admin_users a ON a.id = s.admin_id WHERE a.email = 'editor@example.org'").first<{ id: string }>();
    const foreign = await postForm("/admin/account/sessions", { intent: "end-session", session: editorSession!.id }, { cookie });
    expect(foreign.status).toBe(409);
    expect((await request("/admin", { cookie: editor })).status).toBe(200);

    expect((await postForm("/admin/account/sessions", { intent: "end-others" }, { cookie })).status).toBe(302);
    expect((await request("/admin", { cookie: phone })).headers.get("Location")).toBe("/auth");
    expect((await request("/admin", { cookie })).status).toBe(200);
  });

  it("lets an Administrator sign another account out everywhere, and an Editor cannot", async () => {
    const editorId = await createAdmin("editor@example.org", "editor-password-1", "editor");
    const editor = await signIn("editor@example.org", "editor-password-1", "198.51.100.10");
    const byEditor = await postForm("/admin/account/sessions", { intent: "end-account", account: String(adminId) }, { cookie: editor });
    expect(byEditor.status).toBe(403);
    expect((await request("/admin", { cookie })).status).toBe(200);

    expect((await postForm("/admin/account/sessions", { intent: "end-account", account: String(editorId) }, { cookie })).status).toBe(302);
    expect((await request("/admin", { cookie: editor })).headers.get("Location")).toBe("/auth");
    const logged = await env.DB.prepare("SELECT count(*) AS n FROM activity_log WHERE action = 'Signed out everywhere' AND target = 'editor@example.org'").first<{ n: number }>();
    expect(logged!.n).toBe(1);
  });
});
