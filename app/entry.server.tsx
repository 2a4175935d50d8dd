import { renderToReadableStream, renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestContext } from "~/server/request-context";
import { documentContentSecurityPolicy } from "~/server/csp.server";
import { forPageWithoutReact } from "~/server/page-styles.server";
import { errorForLog, pathForLog } from "~/server/log-text.server";
import { pageLoadsReact } from "~/lib/page-scripts";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestContext);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", documentContentSecurityPolicy(nonce));

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const page = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;
  // A page without React is never hydrated, so it is rendered straight to a string: no stream and
  // no encoding of each piece (docs/decisions/031-render-cost.md). React Router renders its error
  // page if this throws, as it does when a stream's shell fails.
  const html = pageLoadsReact(routerContext.staticHandlerContext.matches.map((match) => match.route))
    ? await renderStreamed(page, nonce, (status) => (responseStatusCode = status))
    : forPageWithoutReact(`<!DOCTYPE html>${renderToStaticMarkup(page)}`);

  return withScriptsAfterContent(new Response(html, { headers: responseHeaders, status: responseStatusCode }), nonce);
}

/**
 * A page with React: streamed by React, then read whole (pages render in one pass after their
 * loaders, so there is nothing to send early).
 */
async function renderStreamed(page: ReactElement, nonce: string, setStatus: (status: number) => void): Promise<string> {
  let shellRendered = false;
  const body = await renderToReadableStream(page, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      setStatus(500);
      if (shellRendered) console.error(errorForLog(error));
    },
  });
  shellRendered = true;
  await body.allReady;
  return await new Response(body).text();
}

/**
 * The page works before its JavaScript arrives (forms post, links navigate), so on a slow phone
 * connection the scripts should not compete with the HTML and the first picture: their preloads
 * get a low fetch priority, and the browser paints the content first (docs/decisions/007-content-before-scripts.md).
 * Every script carries the response's nonce (React's), but JSON-LD (data, not a script) and the
 * public pages' inline lines, which are allowed by their hashes: the islands loader, the after-load
 * line and the bot check's loader. Links need no nonce (styles and icons are not governed by one).
 * So a public page carries no nonce at all, and the edge cache serves it as stored.
 */
function withScriptsAfterContent(response: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(element) {
        element.setAttribute("fetchpriority", "low");
      },
    })
    .on('script:not([nonce]):not([type="application/ld+json"]):not([data-islands]):not([data-after-load]):not([data-bot-check])', {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .on('link[nonce]:not([rel="modulepreload"])', {
      element(element) {
        element.removeAttribute("nonce");
      },
    })
    .transform(response);
}

/** Logs server errors with the request id the visitor sees on the error page. Aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { requestId } = context.get(requestContext);
  const line = `[${requestId}] ${request.method} ${pathForLog(new URL(request.url).pathname)}: ${errorForLog(error)}`;
  // A refusal the router answers itself (405: a post to a page with no form) is a warning, not a fault.
  if (isRouteErrorResponse(error) && error.status < 500) console.warn(line);
  else console.error(line);
};
