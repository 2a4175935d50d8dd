// The Worker: a small Hono app. /api/* and /images/* are handled here; every other request, of any
// method, goes to React Router. Its scheduled() runs the cron jobs, its queue() the newsletter's fan-out.
import { Hono } from "hono";
import { createRequestHandler, type RequestHandler, RouterContextProvider } from "react-router";
import { errorForLog, pathForLog } from "~/server/log-text.server";
import { requestContext } from "~/server/request-context";
import { rememberRequestOrigin } from "~/server/site-url.server";
import { installOutboxSender } from "~/server/outbox.server";
import { consumeOutboxQueue, deliverOutbox } from "~/features/messaging/index.server";
import { installScheduledChanges } from "~/server/content-version.server";
import { NEXT_EVENT_CHANGES_SQL } from "~/features/events/index.server";
import { NEXT_SCHEDULED_POST_SQL } from "~/features/publishing/index.server";
import { runScheduledJobs } from "./scheduled-jobs";
import { api } from "./api";
import { isCacheablePageRequest, serveThroughEdgeCache } from "./edge-cache";
import { renderServerErrorPage } from "./error-page";
import { images } from "./images";
import { serviceWorkerResponse } from "./service-worker";
import { plainPathsOnly, sameOriginOnly, securityHeaders } from "./security";

// The outbox's one sender (app/server/outbox.server.ts): features ask for sending with
// sendAfterResponse(ids) and never import the messaging feature's sender, which imports their
// renderers. Installed once, when this module loads, before any request, queue batch or cron run.
installOutboxSender(deliverOutbox);
// When a public page next changes by itself (a scheduled post, an event starting or closing): the
// features' own queries, read with the content version (app/server/content-version.server.ts).
installScheduledChanges([NEXT_SCHEDULED_POST_SQL, ...NEXT_EVENT_CHANGES_SQL]);

const serverBuild = () => import("virtual:react-router/server-build");

/**
 * React Router's handler. Given a function, it derives its routes and static handler again on every
 * request (so `npm run dev` sees a change at once); given the build, once per isolate. That derivation
 * was about a tenth of every render's CPU (flattening and ranking all the site's routes).
 */
let builtHandler: RequestHandler | undefined;
async function requestHandler(): Promise<RequestHandler> {
  if (import.meta.env.DEV) return createRequestHandler(serverBuild, import.meta.env.MODE);
  return (builtHandler ??= createRequestHandler(await serverBuild(), import.meta.env.MODE));
}

/** Identifies this release's asset files: pages cached by an earlier release name files a deploy removed. */
async function releaseVersion(): Promise<string> {
  return (await serverBuild()).assets.version;
}

type AppEnv = { Bindings: Env; Variables: { requestId: string } };

const app = new Hono<AppEnv>();

app.use(async (c, next) => {
  c.set("requestId", c.req.header("CF-Ray") ?? crypto.randomUUID());
  rememberRequestOrigin(c.req.raw);
  await next();
  c.header("X-Request-Id", c.get("requestId"));
});
app.use(securityHeaders);
app.use(plainPathsOnly);
app.use(sameOriginOnly);

app.route("/api", api);
app.route("/images", images);
// The visitors' service worker (docs/decisions/024-offline-door.md), named for this release.
app.on(["GET", "HEAD"], "/sw.js", async (c) => serviceWorkerResponse(await releaseVersion(), c.req.raw));

/** The edge cache is on in production builds and off in `npm run dev`; EDGE_CACHE=on|off overrides. */
function edgeCacheEnabled(env: Env): boolean {
  return env.EDGE_CACHE === "on" || (env.EDGE_CACHE !== "off" && !import.meta.env.DEV);
}

app.all("*", async (c) => {
  const nonce = crypto.randomUUID().replaceAll("-", "");
  const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
  const context = new RouterContextProvider();
  context.set(requestContext, { requestId: c.get("requestId"), nonce, waitUntil });
  const handleRequest = await requestHandler();
  const render = () => handleRequest(c.req.raw, context);
  return isCacheablePageRequest(c.req.raw, edgeCacheEnabled(c.env))
    ? serveThroughEdgeCache(c.req.raw, await releaseVersion(), nonce, waitUntil, render)
    : render();
});

app.onError((error, c) => {
  const requestId = c.get("requestId");
  console.error(`[${requestId}] ${c.req.method} ${pathForLog(new URL(c.req.url).pathname)}:`, errorForLog(error));
  if (new URL(c.req.url).pathname.startsWith("/api/")) {
    return c.json({ error: "Something went wrong on our side. Please try again.", requestId }, 500);
  }
  return c.html(renderServerErrorPage(requestId), 500);
});

export default {
  fetch: app.fetch,
  // The Cron Triggers of wrangler.jsonc: every job is listed in workers/scheduled-jobs.ts.
  scheduled: (controller) => runScheduledJobs(controller),
  // The newsletter's fan-out (OUTBOX_QUEUE): see app/features/messaging/newsletter-queue.server.ts.
  queue: (batch) => consumeOutboxQueue(batch),
} satisfies ExportedHandler<Env, unknown>;
