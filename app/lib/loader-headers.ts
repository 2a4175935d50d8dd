/**
 * A route's `headers`: the ones its loader set (a public page patched up after a database failure
 * says no-store, app/features/site/page.server.ts). Routes re-export it as `headers`.
 */
export function loaderHeaders({ loaderHeaders }: { loaderHeaders: Headers }): Headers {
  return loaderHeaders;
}
