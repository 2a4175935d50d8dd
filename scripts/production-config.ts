// What `npm run deploy` checks in wrangler.jsonc's production environment before it builds
// anything (docs/deploy.md explains each setting). No Node APIs here, so a unit test can run it.

type Route = string | { pattern: string; custom_domain?: boolean };

export type ProductionConfig = { vars?: Record<string, unknown>; workers_dev?: boolean; routes?: Route[] };

const WHERE = 'in wrangler.jsonc, under "env" > "production"';

/** The URL when `text` is an https origin (a trailing slash allowed), else null. */
function httpsOrigin(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.origin === text.replace(/\/$/, "") ? url : null;
  } catch {
    return null;
  }
}

/** What is wrong with the production settings, in words for whoever deploys; empty when deploying is safe. */
export function productionConfigProblems(config: ProductionConfig): string[] {
  const siteUrl = typeof config.vars?.SITE_URL === "string" ? config.vars.SITE_URL.trim() : "";
  if (!siteUrl) {
    return [
      `SITE_URL is not set (${WHERE} > "vars"). Links in link previews, the sitemap, the RSS feed and calendar files use it. ` +
        "Set it to your domain (https://baptistmen.mw) or, without one, to the workers.dev address (https://baptist-men-malawi.<your-subdomain>.workers.dev).",
    ];
  }
  const url = httpsOrigin(siteUrl);
  if (!url) return [`SITE_URL must be the site's https address and nothing more, such as https://baptistmen.mw (it is "${siteUrl}").`];

  const problems: string[] = [];
  if (url.hostname.endsWith(".workers.dev")) {
    if (config.workers_dev === false) problems.push(`SITE_URL is a workers.dev address, so "workers_dev" must not be false ${WHERE}.`);
    return problems;
  }
  const isCustomDomain = (route: Route) => typeof route === "object" && route.custom_domain === true && route.pattern === url.hostname;
  if (!(config.routes ?? []).some(isCustomDomain)) {
    problems.push(`SITE_URL is ${url.hostname}: add "routes": [{ "pattern": "${url.hostname}", "custom_domain": true }] ${WHERE}.`);
  }
  if (config.workers_dev !== false) {
    problems.push(`With a custom domain, set "workers_dev": false ${WHERE}, so the site answers at one address only.`);
  }
  return problems;
}
