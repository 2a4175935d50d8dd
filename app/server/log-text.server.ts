// What goes to the Worker's logs: a private page's token (a registration's private page and its
// short link /r/, a group's page, a gift's page, the newsletter's confirm and unsubscribe links)
// is cut to its first 6 characters, and a failed
// query's bound values (tokens, names, phone numbers) are left out (issue 28).
import { isRouteErrorResponse } from "react-router";

const TOKEN_IN_PATH = /(\/(?:registrations|r|groups|give|newsletter\/(?:confirm|unsubscribe))\/)([^/?#\s"'.]{1,6})[^/?#\s"'.]*/gi;

/** A path or any text as logged: each private-page token cut to its first 6 characters. */
export function pathForLog(text: string): string {
  return text.replace(TOKEN_IN_PATH, "$1$2…");
}

/** An error as text for the log: its stack (or message) and its causes, without a failed query's values. */
export function errorForLog(error: unknown): string {
  // A response the router threw (e.g. 405: a post to a page that has no form): its status and what it says.
  if (isRouteErrorResponse(error)) return pathForLog(`${error.status} ${error.statusText}: ${typeof error.data === "string" ? error.data : JSON.stringify(error.data)}`);
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    parts.push(current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return pathForLog(parts.join("\nCaused by: ").replace(/\nparams: [\s\S]*?(?=\n\s+at |\nCaused by: |$)/g, "\nparams: (left out)"));
}
