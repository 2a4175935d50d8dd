// When D1 or R2 fails, visitors get the spec's message or a friendly error page with status 500
// and a reference; the error is logged with that reference; no stack trace reaches the browser.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAdmin, postForm, request, seedDemo, signIn } from "./helpers";

const FAILURE = "D1_ERROR: simulated outage while reading";

function breakD1() {
  vi.spyOn(env.DB, "prepare").mockImplementation(() => {
    throw new Error(FAILURE);
  });
  vi.spyOn(env.DB, "batch").mockRejectedValue(new Error(FAILURE));
}

beforeEach(async () => {
  await seedDemo();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function expectFriendly500(response: Response, logged: string) {
  expect(response.status).toBe(500);
  const requestId = response.headers.get("X-Request-Id")!;
  expect(requestId).toBeTruthy();
  const body = await response.text();
  expect(body).toContain("Something went wrong");
  expect(body).toContain(`Reference: ${requestId}`);
  expect(body).not.toContain(FAILURE);
  expect(body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  expect(logged).toContain(requestId);
}

describe("a D1 outage", () => {
  it("shows the spec's messages on the pages that have one", async () => {
    breakD1();
    const expectations: [string, string][] = [
      ["/events", "Failed to load events. Please try again."],
      ["/testimonies", "Error: "],
      ["/leadership", "Failed to load leadership team data"],
      ["/ministries", "Failed to load ministries"],
    ];
    for (const [path, message] of expectations) {
      const response = await request(path);
      expect(response.status, path).toBeGreaterThanOrEqual(500);
      const body = await response.text();
      expect(body, path).toContain(message);
      expect(body, path).not.toContain(FAILURE);
    }
    // The home page falls back to its built-in samples (and is not cached).
    const home = await request("/");
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Youth Mentorship");
  });

  it("gives other pages a friendly 500 page with a reference that is in the log", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    breakD1();
    const response = await request("/events/1");
    await expectFriendly500(response, errors.mock.calls.flat().map(String).join("\n"));
  });

  it("gives the admin area the same friendly page", async () => {
    await createAdmin();
    const cookie = await signIn();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(env.DB, "batch").mockRejectedValue(new Error(FAILURE));
    const response = await request("/admin", { cookie });
    await expectFriendly500(response, errors.mock.calls.flat().map(String).join("\n"));
  });

  it("answers API clients with JSON and a reference", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    breakD1();
    const response = await request("/api/health");
    expect(response.status).toBe(500);
    const body = await response.json<{ error: string; requestId: string }>();
    expect(body.error).toBe("Something went wrong on our side. Please try again.");
    expect(body.requestId).toBe(response.headers.get("X-Request-Id"));
    expect(errors.mock.calls.flat().map(String).join("\n")).toContain(body.requestId);
  });
});

describe("an R2 outage", () => {
  it("gives an image request a friendly 500 with a reference", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(env.IMAGES, "get").mockRejectedValue(new Error("R2 unavailable"));
    const response = await request("/images/event-images/abc-480w.webp");
    await expectFriendly500(response, errors.mock.calls.flat().map(String).join("\n"));
  });
});

describe("a post to a page that has no form", () => {
  it("answers 405 and logs a readable warning with its reference, not an error", async () => {
    await createAdmin();
    const cookie = await signIn();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    // /admin is the dashboard's layout: its form posts to /admin?index.
    const response = await postForm("/admin", { intent: "nothing" }, { cookie });
    expect(response.status).toBe(405);
    const warned = warnings.mock.calls.flat().map(String).join("\n");
    expect(warned).toContain(response.headers.get("X-Request-Id")!);
    expect(warned).toContain("405 Method Not Allowed");
    expect(warned).not.toContain("[object Object]");
    expect(errors).not.toHaveBeenCalled();
  });
});
