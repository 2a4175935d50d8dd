// The Worker: a small Hono app. /api/* and /images/* are handled here; every other request, of any
// method, goes to React Router.
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { requestContext } from "~/context";
import { api } from "./api";
import { renderServerErrorPage } from "./error-page";
import { images } from "./images";
import { sameOriginOnly, securityHeaders } from "./security";

const handleRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

type AppEnv = { Bindings: Env; Variables: { requestId: string } };

const app = new Hono<AppEnv>();

app.use(async (c, next) => {
  c.set("requestId", c.req.header("CF-Ray") ?? crypto.randomUUID());
  await next();
  c.header("X-Request-Id", c.get("requestId"));
});
app.use(securityHeaders);
app.use(sameOriginOnly);

app.route("/api", api);
app.route("/images", images);

app.all("*", (c) => {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    requestId: c.get("requestId"),
    nonce: crypto.randomUUID().replaceAll("-", ""),
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
  });
  return handleRequest(c.req.raw, context);
});

app.onError((error, c) => {
  const requestId = c.get("requestId");
  console.error(`[${requestId}] ${c.req.method} ${new URL(c.req.url).pathname}:`, error);
  if (new URL(c.req.url).pathname.startsWith("/api/")) {
    return c.json({ error: "Something went wrong on our side. Please try again.", requestId }, 500);
  }
  return c.html(renderServerErrorPage(requestId), 500);
});

export default { fetch: app.fetch } satisfies ExportedHandler<Env>;
