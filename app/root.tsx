import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction, useMatches } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { RouteError } from "~/features/site";
import { readsOnlyTheDoor } from "~/features/events";
import { Toaster } from "./components/toaster";
import { ClientNavigationProvider } from "./components/site-link";
import { requestContext } from "~/server/request-context";
import { pageLoadsReact, pageUsesIslands } from "./lib/page-scripts";
import { useRootData, type RootData } from "./lib/root-data";
import { islandsLoader } from "virtual:islands";
import { hasSessionCookie } from "~/features/accounts/index.server";
import { siteOrigin } from "./server/site-url.server";
import { takeToast } from "./server/toast.server";
import { AFTER_LOAD_LINE } from "./lib/service-worker";
import { restoreTypedBeforeHydration } from "./lib/typed-before-hydration";
import { BOT_CHECK_LOADER } from "./lib/bot-check";
import { botCheckSiteKey } from "./server/abuse.server";

/**
 * The icon is in the page (public/favicon.svg, the logo's mark): a browser asks for a linked icon
 * right after the first paint, one more request racing the largest picture on a slow connection
 * (decision 030). Its path data is the logo's, byte for byte (app/components/logo.tsx), so
 * compressed it costs the page about 100 bytes. Browsers that cannot show an SVG icon ask for
 * /favicon.ico by themselves.
 */
const ICON = "data:image/svg+xml,%3Csvg%20xmlns=%27http://www.w3.org/2000/svg%27%20viewBox=%270%200%2040%2040%27%3E%3Cpath%20d=%27M20,2,5,7.5v11C5,28,11.5,35,20,38c8.5-3,15-10,15-19.5v-11L20,2z%27%20fill=%27%231c3a7c%27/%3E%3Cpath%20d=%27M20,8v20M14,14h12%27%20stroke=%27%23f2b935%27%20stroke-width=%273.2%27%20stroke-linecap=%27round%27/%3E%3Cpath%20d=%27M11,27.5c3-1.6,6-1.6,9,0,3-1.6,6-1.6,9,0%27%20stroke=%27%23fff%27%20stroke-width=%272%27%20fill=%27none%27%20stroke-linecap=%27round%27/%3E%3C/svg%3E";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: ICON, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/** A search on the door's check-in page reads only that page's data (readsOnlyTheDoor). */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !readsOnlyTheDoor(args) && args.defaultShouldRevalidate;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, clearCookie } = await takeToast(request);
  return data<RootData>(
    {
      signedIn: await hasSessionCookie(request),
      toast,
      requestId: context.get(requestContext).requestId,
      origin: siteOrigin(request),
      botCheckSiteKey: botCheckSiteKey(),
    },
    clearCookie ? { headers: { "Set-Cookie": clearCookie } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRootData();
  // In the browser the page is already running its scripts: keep them (and scroll restoration,
  // which client-side navigations to a read-only page still need).
  const matches = useMatches();
  const inBrowser = typeof document !== "undefined";
  const withScripts = pageLoadsReact(matches) || inBrowser;
  // Rendered by the server only: in the browser React attaches the islands itself (useIsland).
  const withIslands = !withScripts && pageUsesIslands(matches);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#172f62" />
        {withScripts ? (
          // Pages with React link the stylesheet. The URL is empty only under the worker tests, which
          // do not bundle CSS. A precedence makes React put it at the top of <head>, before the script
          // preloads: it is the one file the first paint waits for, so a phone should ask for it first.
          stylesheet ? <link rel="stylesheet" href={stylesheet} precedence="default" /> : null
        ) : (
          // Pages without React carry the CSS they use in the page: no request before the first paint.
          <PageStyles />
        )}
        <Meta />
        <Links />
        {withScripts ? (
          <link rel="manifest" href={manifestOf(matches)} />
        ) : (
          // Named after load by the after-load line or the islands script (app/lib/service-worker.ts); here only without JavaScript.
          <noscript>
            <link rel="manifest" href="/manifest.webmanifest" />
          </noscript>
        )}
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to main content
        </a>
        <ClientNavigationProvider value={withScripts}>{children}</ClientNavigationProvider>
        <Toaster toast={rootData?.toast ?? null} />
        {withScripts ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
        {withIslands ? <IslandsLoader /> : null}
        {!withScripts && !withIslands ? <AfterLoad /> : null}
        {rootData?.botCheckSiteKey ? <BotCheckLoader siteKey={rootData.botCheckSiteKey} /> : null}
      </body>
    </html>
  );
}

/**
 * Fetches the islands script once the page has loaded, its pictures included: the page works before
 * it runs, so on a slow connection it must not compete with the first paint or the largest picture
 * (docs/decisions/016-fast-on-3g.md). Allowed by its hash (made with the build, scripts/vite-islands.ts),
 * not by a nonce: a public page carries no nonce, so the edge cache serves it as stored.
 */
function IslandsLoader() {
  // A module script runs before the document's load event, so that event is always still to come.
  return <script type="module" data-islands="" dangerouslySetInnerHTML={{ __html: islandsLoader }} />;
}

/**
 * A read-only page registers the service worker (offline copies of the pages read) and names its web
 * manifest after `load`: one line allowed by its hash, so the page still needs no nonce
 * (app/lib/service-worker.ts). Pages with islands leave both to the islands script.
 */
function AfterLoad() {
  return <script data-after-load="" dangerouslySetInnerHTML={{ __html: AFTER_LOAD_LINE }} />;
}

/**
 * While the bot check is on: loads Turnstile once a visitor starts filling a guarded form, never
 * before (app/lib/bot-check.ts). Allowed by its hash, like the service worker's registration.
 */
function BotCheckLoader({ siteKey }: { siteKey: string }) {
  return <script data-bot-check={siteKey} dangerouslySetInnerHTML={{ __html: BOT_CHECK_LOADER }} />;
}

/** The site's web manifest, or the one a page names in its handle (check-in's, added to a home screen on its own). */
function manifestOf(matches: ReturnType<typeof useMatches>): string {
  const named = matches.map((match) => (match.handle as { manifest?: unknown } | undefined)?.manifest).findLast((href) => typeof href === "string");
  return typeof named === "string" ? named : "/manifest.webmanifest";
}

/** Where the server entry puts the page's CSS (app/server/page-styles.server.ts). */
function PageStyles() {
  return <style data-page-styles="" />;
}

export default function App() {
  // Once the page has hydrated, and React has put its controlled fields back (a task later than
  // its effects): typing done before that is put back.
  useEffect(() => {
    const later = setTimeout(restoreTypedBeforeHydration);
    return () => clearTimeout(later);
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="flex flex-1 flex-col">
      <RouteError error={error} />
    </main>
  );
}
