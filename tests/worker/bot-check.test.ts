// The bot check on the public write forms (issue 28, finding 1: Cloudflare Turnstile; decision 027),
// through the Worker's real fetch, with Cloudflare's documented test keys and siteverify stubbed at
// the network boundary (globalThis.fetch answers as Cloudflare documents those secrets; any other
// outside call fails the test, so nothing reaches the internet). For each form, while the check is
// on: a passing token is accepted, a refused token is answered with the message and what was typed,
// a post without a token (no JavaScript) is accepted within its allowance, an unreachable
// siteverify is a clear "try again"; while it is off, nothing changes.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOT_CHECK_LOADER, BOT_CHECK_LOADER_HASH, TURNSTILE_FIELD } from "~/lib/bot-check";
import { BOT_CHECK_MESSAGES, SITEVERIFY_URL } from "~/server/abuse.server";
import { createAdmin, postForm, request, runSql, seedReference, signIn } from "./helpers";

// Cloudflare's test keys (developers.cloudflare.com/turnstile/troubleshooting/testing/).
const SITE_KEY = "1x00000000000000000000AA";
const PASSING_SECRET = "1x0000000000000000000000000000000AA";
const FAILING_SECRET = "2x0000000000000000000000000000000AA";
const SPENT_SECRET = "3x0000000000000000000000000000000AA";
/** What the test site keys give the browser. */
const TOKEN = "XXXX.DUMMY.TOKEN.XXXX";

type Siteverify = "answers" | "unreachable" | "down";

/** siteverify as Cloudflare documents it for its test secrets; returns the posts it received. */
function stubSiteverify(behaviour: Siteverify = "answers") {
  const posts: URLSearchParams[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== SITEVERIFY_URL) throw new Error(`The test tried to reach ${url}`);
    const body = new URLSearchParams(String(init?.body ?? ""));
    posts.push(body);
    if (behaviour === "unreachable") throw new TypeError("Network connection lost.");
    if (behaviour === "down") return new Response("Bad gateway", { status: 502 });
    const answer = (success: boolean, codes: string[]) => Response.json({ success, "error-codes": codes, ...(success ? { challenge_ts: new Date().toISOString(), hostname: "example.com" } : {}) });
    switch (body.get("secret")) {
      case PASSING_SECRET:
        return answer(true, []);
      case FAILING_SECRET:
        return answer(false, ["invalid-input-response"]);
      case SPENT_SECRET:
        return answer(false, ["timeout-or-duplicate"]);
      default:
        return answer(false, ["invalid-input-secret"]);
    }
  });
  return posts;
}

let saved: Pick<Env, "TURNSTILE_SITE_KEY" | "TURNSTILE_SECRET_KEY">;

function turnstileOn(secret = PASSING_SECRET) {
  env.TURNSTILE_SITE_KEY = SITE_KEY;
  env.TURNSTILE_SECRET_KEY = secret;
}

beforeEach(async () => {
  saved = { TURNSTILE_SITE_KEY: env.TURNSTILE_SITE_KEY, TURNSTILE_SECRET_KEY: env.TURNSTILE_SECRET_KEY };
  await seedReference();
  await runSql(["INSERT INTO churchevents (id, name, date, capacity) VALUES (1, 'Men''s Conference', '2099-03-05T07:30:00.000Z', 500)"]);
});

afterEach(() => {
  Object.assign(env, saved);
  vi.restoreAllMocks();
});

let serial = 0;
/** A fresh client address and phone number for each post, so the forms' own limits stay out of the way. */
const next = () => (serial += 1);
const ipOf = (n: number) => `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`;
const phoneOf = (n: number) => `0991${String(n).padStart(6, "0")}`;

async function count(sql: string): Promise<number> {
  return (await env.DB.prepare(sql).first<{ n: number }>())!.n;
}

/** How many gifts the tests have posted (each a different amount). */
let gifts = 0;

type Form = {
  name: string;
  /** Posts the form as a visitor would, with `extra` fields added (the token, or nothing). */
  post: (extra: Record<string, string>, ip: string) => Promise<Response>;
  /** What the visitor typed that a refusal must show again. */
  typed: string[];
  /** What the form stored so far. */
  stored: () => Promise<number>;
  /** How this path answers success: a redirect (plain post) or 200 (scripted). */
  success: number;
};

function registration(path: string, success: number): Form {
  return {
    name: `event registration, ${path}`,
    post: (extra, ip) => postForm(path, { event_id: "1", full_name: "Yohane Banda", phone_number: phoneOf(next()), email: "", request_id: "", ...extra }, { ip }),
    typed: ["Yohane Banda"],
    stored: () => count("SELECT count(*) AS n FROM event_registrations"),
    success,
  };
}

const FORMS: Form[] = [
  // The dialog on the event page: its island posts JSON; without JavaScript it posts to the page.
  registration("/api/registrations", 200),
  registration("/events/1", 303),
  registration("/events/1/register", 303),
  {
    name: "group registration, /events/1/group",
    post: (extra, ip) => {
      const n = next();
      return postForm("/events/1/group", { event_id: "1", leader_name: "Mphatso Phiri", leader_phone: phoneOf(n), mode: "all-or-nothing", lines: "10", "men[0].full_name": "Kondwani Banda", "men[0].phone_number": phoneOf(n + 500000), ...extra }, { ip });
    },
    typed: ["Mphatso Phiri", "Kondwani Banda"],
    stored: () => count("SELECT count(*) AS n FROM event_registrations"),
    success: 303,
  },
  ...(["/contact", "/api/contact-messages"] as const).map((path) => ({
    name: `contact, ${path}`,
    // Each post another subject: the same message sent again within minutes is one message (decision 038).
    post: (extra: Record<string, string>, ip: string) =>
      postForm(path, { full_name: "Chisomo Tembo", email: "chisomo@example.mw", subject: `Joining a chapter (${next()})`, message: "Where does the fellowship meet?", ...extra }, { ip }),
    typed: ["Chisomo Tembo", "Where does the fellowship meet?"],
    stored: () => count("SELECT count(*) AS n FROM contact_messages"),
    success: path === "/contact" ? 303 : 200,
  })),
  // The footer's form as React Router's fetcher sends it (the answer keeps the address); its plain post is below.
  {
    name: "newsletter subscribe, /subscribe.data",
    post: (extra, ip) => postForm("/subscribe.data", { email: `reader${next()}@example.mw`, ...extra }, { ip }),
    typed: ["@example.mw"],
    stored: () => count("SELECT count(*) AS n FROM newsletter_subscribers"),
    success: 200,
  },
  {
    name: "giving, /give",
    // Each post another amount and phone: the same gift twice while its prompt waits is one gift (docs/decisions/021-payments.md), and a phone is asked to approve at most 5 payments in 10 minutes.
    post: (extra, ip) => postForm("/give", { amount: String(10_000 + (gifts += 1)), fund: "General Fund", phone_number: `0991 222 ${String(333 + gifts)}`, donor_name: "Chikondi Mwale", email: "", ...extra }, { ip }),
    typed: ["Chikondi Mwale", "0991 222 3"],
    stored: () => count("SELECT count(*) AS n FROM gifts"),
    success: 303,
  },
];

/** A refusal as the visitor sees it: the message, and what they typed, in the page or the answer. */
async function expectRefused(form: Form, response: Response, status: number, message: string) {
  expect(response.status, form.name).toBe(status);
  const body = (await response.text()).replaceAll("&#x27;", "'");
  expect(body, form.name).toContain(message);
  for (const value of form.typed) expect(body, `${form.name} keeps ${value}`).toContain(value);
}

describe.each(FORMS)("$name, with the bot check on", (form) => {
  it("accepts a token siteverify passes, asking it once with the secret, the token and the visitor's address", async () => {
    turnstileOn();
    const posts = stubSiteverify();
    const ip = ipOf(next());
    const response = await form.post({ [TURNSTILE_FIELD]: TOKEN }, ip);
    expect(response.status).toBe(form.success);
    expect(await form.stored()).toBe(1);
    expect(posts.map((body) => Object.fromEntries(body))).toEqual([{ secret: PASSING_SECRET, response: TOKEN, remoteip: ip }]);
  });

  it("refuses a token siteverify fails, with the message and what was typed, and stores nothing", async () => {
    turnstileOn(FAILING_SECRET);
    stubSiteverify();
    await expectRefused(form, await form.post({ [TURNSTILE_FIELD]: TOKEN }, ipOf(next())), 403, BOT_CHECK_MESSAGES.failed);
    expect(await form.stored()).toBe(0);
  });

  it("accepts a post without a token (no JavaScript) without asking siteverify", async () => {
    turnstileOn();
    const posts = stubSiteverify();
    const response = await form.post({}, ipOf(next()));
    expect(response.status).toBe(form.success);
    expect(await form.stored()).toBe(1);
    expect(posts).toEqual([]);
  });

  it("fails closed when siteverify cannot be reached: 'try again', what was typed kept, nothing stored", async () => {
    turnstileOn();
    stubSiteverify("unreachable");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await expectRefused(form, await form.post({ [TURNSTILE_FIELD]: TOKEN }, ipOf(next())), 503, BOT_CHECK_MESSAGES.unavailable);
    expect(await form.stored()).toBe(0);
    expect(logged).toHaveBeenCalled();
  });
});

describe.each(FORMS)("$name, with the bot check off", (form) => {
  it("works exactly as before, with or without a token, and never calls out", async () => {
    for (const [name, value] of [
      ["TURNSTILE_SITE_KEY", SITE_KEY],
      ["TURNSTILE_SECRET_KEY", PASSING_SECRET],
      ["", ""],
    ] as const) {
      // One key alone does not turn it on.
      env.TURNSTILE_SITE_KEY = name === "TURNSTILE_SITE_KEY" ? value : "";
      env.TURNSTILE_SECRET_KEY = name === "TURNSTILE_SECRET_KEY" ? value : "";
      const posts = stubSiteverify();
      const before = await form.stored();
      expect((await form.post({ [TURNSTILE_FIELD]: TOKEN }, ipOf(next()))).status).toBe(form.success);
      expect((await form.post({}, ipOf(next()))).status).toBe(form.success);
      expect(await form.stored()).toBe(before + 2);
      expect(posts).toEqual([]);
      vi.restoreAllMocks();
    }
  });
});

describe("the bot check's answers", () => {
  it("refuses a token used before (siteverify's timeout-or-duplicate) like a failed one", async () => {
    turnstileOn(SPENT_SECRET);
    stubSiteverify();
    await expectRefused(FORMS[0]!, await FORMS[0]!.post({ [TURNSTILE_FIELD]: TOKEN }, ipOf(next())), 403, BOT_CHECK_MESSAGES.failed);
  });

  it("refuses a token longer than Turnstile's 2,048 characters without asking siteverify", async () => {
    turnstileOn();
    const posts = stubSiteverify();
    await expectRefused(FORMS[0]!, await FORMS[0]!.post({ [TURNSTILE_FIELD]: "x".repeat(2049) }, ipOf(next())), 403, BOT_CHECK_MESSAGES.failed);
    expect(posts).toEqual([]);
  });

  it("fails closed, and says so in the log, when siteverify answers 5xx or refuses our own secret", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    turnstileOn();
    stubSiteverify("down");
    await expectRefused(FORMS[0]!, await FORMS[0]!.post({ [TURNSTILE_FIELD]: TOKEN }, ipOf(next())), 503, BOT_CHECK_MESSAGES.unavailable);
    vi.mocked(globalThis.fetch).mockRestore();
    turnstileOn("not-our-secret");
    stubSiteverify();
    await expectRefused(FORMS[0]!, await FORMS[0]!.post({ [TURNSTILE_FIELD]: TOKEN }, ipOf(next())), 503, BOT_CHECK_MESSAGES.unavailable);
    expect(logged.mock.calls.flat().join(" ")).toMatch(/TURNSTILE_SECRET_KEY/);
    expect(await FORMS[0]!.stored()).toBe(0);
  });

  it("answers the footer's plain post (no JavaScript) of a refused token with the subscribe page: the message, and the address as typed", async () => {
    turnstileOn(FAILING_SECRET);
    stubSiteverify();
    const response = await postForm("/subscribe", { email: "reader@example.mw", [TURNSTILE_FIELD]: TOKEN }, { ip: ipOf(next()), headers: { Referer: "http://localhost/blog" } });
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).toContain(BOT_CHECK_MESSAGES.failed);
    expect(html).toMatch(/<input[^>]*value="reader@example.mw"[^>]*>/);
  });
});

describe("posts without a token, while the bot check is on", () => {
  it("are allowed 10 in 10 minutes from one address across the forms, then refused with a clear message; tokens still pass", async () => {
    turnstileOn();
    stubSiteverify();
    const ip = "203.0.113.50";
    const [register, , , , contact, , subscribe] = FORMS;
    for (let i = 0; i < 4; i += 1) expect((await register!.post({}, ip)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await contact!.post({}, ip)).status).toBe(303);
    for (let i = 0; i < 3; i += 1) expect((await subscribe!.post({}, ip)).status).toBe(200);
    const refused = await register!.post({}, ip);
    expect(refused.status).toBe(429);
    expect((await refused.json<{ result: { error: Record<string, string[]> } }>()).result.error[""]).toEqual([BOT_CHECK_MESSAGES.tooManyWithout]);
    // With a token the same address goes on; another address without one too.
    expect((await register!.post({ [TURNSTILE_FIELD]: TOKEN }, ip)).status).toBe(200);
    expect((await register!.post({}, "203.0.113.51")).status).toBe(200);
    expect(await register!.stored()).toBe(6);
  });

  it("let exactly 10 through when 30 arrive from one address at the same moment", async () => {
    turnstileOn();
    stubSiteverify();
    const answers = await Promise.all(Array.from({ length: 30 }, () => FORMS[0]!.post({}, "203.0.113.60")));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(20);
    expect(await FORMS[0]!.stored()).toBe(10);
  });

  it("are not counted while the check is off", async () => {
    stubSiteverify();
    for (let i = 0; i < 12; i += 1) expect((await FORMS[0]!.post({}, "203.0.113.70")).status).toBe(200);
  });
});

describe("pages, while the bot check is on and off", () => {
  const readOnly = "/about";

  it("on: every page carries the one inline loader with the site key, and the CSP allows it, Turnstile's script and its frame; no script file is added", async () => {
    turnstileOn();
    for (const path of [readOnly, "/events/1", "/events/1/register", "/events/1/group", "/contact", "/give"]) {
      const response = await request(path);
      const html = await response.text();
      expect(html, path).toContain(`<script data-bot-check="${SITE_KEY}">${BOT_CHECK_LOADER}</script>`);
      const csp = response.headers.get("Content-Security-Policy")!;
      expect(csp, path).toMatch(/script-src [^;]*'self'/);
      expect(csp.split("; ").find((part) => part.startsWith("script-src"))?.endsWith(`${BOT_CHECK_LOADER_HASH} https://challenges.cloudflare.com`), path).toBe(true);
      expect(csp, path).toContain("frame-src https://challenges.cloudflare.com;");
    }
    const about = await (await request(readOnly)).text();
    expect(about).not.toMatch(/<script[^>]*\ssrc=/);
    // The loader needs no nonce: a read-only page stays one the edge cache serves as stored.
    expect(about).not.toMatch(/<script[^>]*nonce=/);
  });

  it("marks exactly the five forms for the check", async () => {
    turnstileOn();
    const marked = async (path: string) => [...(await (await request(path)).text()).matchAll(/<form[^>]*data-bot-check=""[^>]*>/g)].map((m) => /action="([^"]*)"/.exec(m[0])?.[1] ?? "(its page)");
    expect(await marked("/events/1")).toEqual(["/events/1", "/subscribe#subscribe"]);
    expect(await marked("/events/1/register")).toEqual(["(its page)", "/subscribe#subscribe"]);
    expect(await marked("/events/1/group")).toEqual(["/events/1/group", "/subscribe#subscribe"]);
    expect(await marked("/contact")).toEqual(["/contact#contact", "/subscribe#subscribe"]);
    expect(await marked("/give")).toEqual(["/give", "/subscribe#subscribe"]);
    expect(await marked(readOnly)).toEqual(["/subscribe#subscribe"]);
  });

  it("off: no loader, no mention of Turnstile, and the CSP allows no frame", async () => {
    for (const path of [readOnly, "/events/1", "/contact", "/give"]) {
      const response = await request(path);
      const html = await response.text();
      expect(html, path).not.toContain("challenges.cloudflare.com");
      expect(html, path).not.toContain("<script data-bot-check");
      const csp = response.headers.get("Content-Security-Policy")!;
      expect(csp, path).not.toContain("challenges.cloudflare.com");
      expect(csp, path).not.toContain(BOT_CHECK_LOADER_HASH);
      expect(csp, path).toContain("frame-src 'none';");
    }
  });

  it("tells staff on the settings page whether it is on, and how to turn it on", async () => {
    await createAdmin();
    const cookie = await signIn();
    const off = await (await request("/admin/settings", { cookie })).text();
    expect(off).toContain("Bot check: off. The public forms do not check yet that a person, not a program, sent them. Whoever set up the site can turn it on");
    turnstileOn();
    const on = await (await request("/admin/settings", { cookie })).text();
    expect(on).toContain("Bot check: on.");
  });
});
