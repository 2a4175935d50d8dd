// Public pages ship no React. A page that only shows content, or whose forms post as plain HTML,
// needs no JavaScript at all: links navigate and forms post without it. Such a route exports
// `handle = scriptFreePage`, and
// the root layout then sends neither the scripts nor their preloads: a visitor who opens a shared
// blog post downloads about 20 KB instead of 150 KB. A page with a few live parts (the home page's
// rotating hero, countdown and carousel; the registration dialog; form checks) exports
// `handle = islandPage`: it gets only the islands script (app/islands), a few KB, instead of React.
// Reached by a client-side navigation from a page that has React, either renders as usual.
// See docs/decisions/007-content-before-scripts.md and 008-islands.md.
// Each flag is named for what it switches off (React) or on (the islands script).
export const scriptFreePage = { withoutReact: true } as const;
export const islandPage = { withoutReact: true, islands: true } as const;

type Match = { handle?: unknown };
type PageHandle = { withoutReact?: unknown; islands?: unknown } | null | undefined;

/** Whether the page loads React and React Router's scripts (no route opted out). */
export function pageLoadsReact(matches: readonly Match[]): boolean {
  return !matches.some((match) => (match.handle as PageHandle)?.withoutReact === true);
}

export function pageUsesIslands(matches: readonly Match[]): boolean {
  return matches.some((match) => (match.handle as PageHandle)?.islands === true);
}
