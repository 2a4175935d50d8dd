/**
 * The visitor's address as Cloudflare reports it. Locally there is no such header, so every local
 * request shares one bucket, which is what a single developer needs.
 */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "local";
}
