// Flattens app/routes.ts into concrete URL paths, so tests cover every route, including ones
// added later, without a hand-kept list.
import type { RouteConfigEntry } from "@react-router/dev/routes";

export type RoutePath = { id: string; file: string; path: string };

export function flattenRoutes(entries: RouteConfigEntry[], parent = ""): RoutePath[] {
  const paths: RoutePath[] = [];
  for (const entry of entries) {
    // An index route keeps a path when it comes from prefix() (e.g. /admin/leadership): its URL has it.
    const own = entry.path ?? "";
    const full = [parent, own].filter(Boolean).join("/");
    if (entry.path !== undefined || entry.index) {
      paths.push({ id: entry.id ?? entry.file, file: entry.file, path: `/${full}` });
    }
    if (entry.children) paths.push(...flattenRoutes(entry.children, full));
  }
  return paths;
}

/** A concrete URL for a route pattern: params become 1, a splat becomes a made-up segment. */
export function samplePath(pattern: string): string {
  return pattern.replace(/:[A-Za-z_]+\??/g, "1").replace(/\*$/, "no-such-page");
}
