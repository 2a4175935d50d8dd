// The bot check's inline loader (app/lib/bot-check.ts) runs only if the CSP names its exact hash,
// and must stay a line, not a library: it is in every page while the check is on.
import { expect, test } from "vitest";
import { BOT_CHECK_LOADER, BOT_CHECK_LOADER_HASH, TURNSTILE_ORIGIN } from "~/lib/bot-check";

test("the loader is one small line whose hash is the one the CSP allows", async () => {
  expect(BOT_CHECK_LOADER.length).toBeLessThanOrEqual(700);
  expect(BOT_CHECK_LOADER).not.toContain("\n");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(BOT_CHECK_LOADER));
  expect(BOT_CHECK_LOADER_HASH).toBe(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
});

test("the loader asks for Turnstile's script only on a visitor's first focus or input in a marked form, rendering it explicitly", () => {
  expect([...BOT_CHECK_LOADER.matchAll(/https:\/\/[^"]+/g)].map((m) => m[0])).toEqual([`${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`]);
  expect(BOT_CHECK_LOADER).toContain('addEventListener("focusin",g);addEventListener("input",g)');
  expect(BOT_CHECK_LOADER).toContain('closest?.("form[data-bot-check]")');
  expect(BOT_CHECK_LOADER).not.toMatch(/addEventListener\("(load|DOMContentLoaded)"/);
});
