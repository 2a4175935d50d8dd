// The Content-Security-Policy of HTML pages.
import { SERVICE_WORKER_REGISTRATION_HASH } from "~/lib/service-worker";

/**
 * The policy for HTML pages: scripts only from this origin or carrying this response's nonce.
 * Without a nonce (a cached page with no inline script, served as stored): scripts from this origin only.
 * Either way the service worker's one-line registration is allowed by its hash (app/lib/service-worker.ts).
 */
export function documentContentSecurityPolicy(nonce: string | null): string {
  return [
    "default-src 'self'",
    nonce === null ? `script-src 'self' ${SERVICE_WORKER_REGISTRATION_HASH}` : `script-src 'self' 'nonce-${nonce}' ${SERVICE_WORKER_REGISTRATION_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
  ].join("; ");
}
