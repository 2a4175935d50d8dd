/** A self-contained page for failures outside React Router (no scripts, no assets needed). */
export function renderServerErrorPage(requestId: string): string {
  const id = requestId.replace(/[^A-Za-z0-9-]/g, "");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Something went wrong</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1c1917">
<h1>Something went wrong</h1><p>We could not load this page. Please try again in a moment.</p>
<p style="color:#57534e;font-size:.875rem">Reference: ${id}</p><p><a href="/">Go to the home page</a></p></body></html>`;
}
