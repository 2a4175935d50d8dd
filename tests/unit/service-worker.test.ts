// The public pages' inline lines (the after-load line, the islands loader) run only if the CSP names their exact hashes.
import { expect, test } from "vitest";
import { AFTER_LOAD_LINE, AFTER_LOAD_LINE_HASH } from "~/lib/service-worker";
import { documentContentSecurityPolicy } from "~/server/csp.server";
import { islandsLoader, islandsLoaderHash } from "virtual:islands";

test("the after-load line is small and its hash is the one every page's CSP allows", async () => {
  expect(AFTER_LOAD_LINE.length).toBeLessThanOrEqual(300);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(AFTER_LOAD_LINE));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  expect(AFTER_LOAD_LINE_HASH).toBe(`'sha256-${hash}'`);
  expect(documentContentSecurityPolicy(null)).toContain(`script-src 'self' ${AFTER_LOAD_LINE_HASH} ${islandsLoaderHash};`);
  expect(documentContentSecurityPolicy("abc")).toContain(`script-src 'self' 'nonce-abc' ${AFTER_LOAD_LINE_HASH} ${islandsLoaderHash};`);
});

test("the islands loader is one line fetching the islands script after load, and its hash is the one every page's CSP allows", async () => {
  expect(islandsLoader).toMatch(/^addEventListener\("load",\(\)=>import\("\/[^"]+"\)\)$/);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(islandsLoader));
  expect(islandsLoaderHash).toBe(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
});
