// Pages that only show content need no JavaScript: links navigate and the footer form posts without
// it. Such a route exports `handle = readOnlyPage`, and the root layout then sends neither the
// scripts nor their preloads: a visitor who opens a shared blog post downloads about 20 KB instead
// of 150 KB. Reached by a client-side navigation from a page that has scripts, it renders as usual.
// See docs/decisions/007-content-before-scripts.md.
export const readOnlyPage = { hydrate: false } as const;

export function pageNeedsScripts(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as { hydrate?: unknown } | null | undefined)?.hydrate === false);
}
