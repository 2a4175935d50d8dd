// The service worker's inline registration runs only if the CSP names its exact hash.
import { expect, test } from "vitest";
import { SERVICE_WORKER_REGISTRATION, SERVICE_WORKER_REGISTRATION_HASH } from "~/lib/service-worker";
import { documentContentSecurityPolicy } from "~/server/csp.server";

test("the registration line is small and its hash is the one every page's CSP allows", async () => {
  expect(SERVICE_WORKER_REGISTRATION.length).toBeLessThanOrEqual(200);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(SERVICE_WORKER_REGISTRATION));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  expect(SERVICE_WORKER_REGISTRATION_HASH).toBe(`'sha256-${hash}'`);
  expect(documentContentSecurityPolicy(null)).toContain(`script-src 'self' ${SERVICE_WORKER_REGISTRATION_HASH};`);
  expect(documentContentSecurityPolicy("abc")).toContain(`script-src 'self' 'nonce-abc' ${SERVICE_WORKER_REGISTRATION_HASH};`);
});
