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

/** A concrete URL with the demo content: the demo's slugs where a route takes one, else samplePath's 1. */
export function demoPath(pattern: string): string {
  return samplePath(pattern).replace(/^\/ministries\/1$/, "/ministries/youth-mentorship").replace(/^\/blog\/1$/, "/blog/rising-early-mark-1-35");
}

/**
 * The route table's paths that `keep` accepts, less those `excluded` names (a pattern each, with
 * why it is left out). An exclusion that names no route throws, so the list cannot go stale.
 */
export function routesExcept(routes: RoutePath[], keep: (route: RoutePath) => boolean, excluded: Record<string, string>): RoutePath[] {
  const kept = routes.filter(keep);
  const stale = Object.keys(excluded).filter((pattern) => !kept.some((route) => route.path === pattern));
  if (stale.length) throw new Error(`Excluded, but no such route: ${stale.join(", ")}`);
  return kept.filter((route) => !(route.path in excluded));
}
