/** The value of one cookie from a request, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Secure cookies everywhere but plain-http local runs, where the browser would drop them. */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function serializeCookie(
  request: Request,
  name: string,
  value: string,
  options: { maxAge: number; httpOnly?: boolean; sameSite?: "Lax" | "Strict" },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", `Max-Age=${options.maxAge}`, `SameSite=${options.sameSite ?? "Lax"}`];
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (isHttps(request)) parts.push("Secure");
  return parts.join("; ");
}
