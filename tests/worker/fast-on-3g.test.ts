// Fast on Slow 3G (issue 18, docs/decisions/016-fast-on-3g.md), through the Worker's fetch: a page
// without React carries the CSS its elements use in <head> instead of linking the stylesheet, so
// nothing stands between its HTML and its first paint (pages with React, sign-in and the admin
// area, still link the shared stylesheet); and nothing else competes with its first round trips.
import { beforeEach, describe, expect, it } from "vitest";
import stylesheet from "~/app.css?inline";
import { ISLAND_CLASSES } from "~/islands/classes";
import { pageStyles } from "~/server/page-styles.server";
import { BUDGETED_ROUTES } from "../support/budgeted-routes";
import { createAdmin, request, seedDemo, signIn } from "./helpers";

/** The CSS of a page's <style> elements, and whether it links a stylesheet. */
async function stylesOf(path: string, cookie?: string) {
  const html = await (await request(path, { cookie })).text();
  const head = html.slice(0, html.indexOf("</head>"));
  return {
    html,
    inline: [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!),
    // (React Router's dev server adds its own "critical CSS" link; production builds have none.)
    linksStylesheet: /<link(?![^>]*data-react-router-critical-css)[^>]+rel="stylesheet"/.test(html),
    /** The hrefs of those stylesheet links. */
    stylesheets: [...html.matchAll(/<link(?![^>]*data-react-router-critical-css)[^>]+rel="stylesheet"[^>]*>/g)].map((m) => /href="([^"]*)"/.exec(m[0])?.[1]),
  };
}

/** The class names the page's elements carry. */
const classesOf = (html: string) => new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/)).filter(Boolean));

/** Whether a CSS text has a rule for the class (escaped as Tailwind escapes it). */
const styles = (css: string, className: string) => css.includes(`.${className.replace(/[:/.[\]()#,%&>]/g, (c) => `\\${c}`)}`);

beforeEach(async () => {
  await seedDemo();
});

describe("pages without React carry their own CSS", () => {
  it.each(BUDGETED_ROUTES)("%s has one <style> in its head and links no stylesheet", async (path) => {
    const { inline, linksStylesheet } = await stylesOf(path);
    expect(linksStylesheet).toBe(false);
    expect(inline).toHaveLength(1);
    expect(inline[0]!.length).toBeGreaterThan(1000);
  });

  it("styles every class the page uses that the stylesheet knows, and leaves out the others", async () => {
    const { html, inline } = await stylesOf("/events/1");
    const css = inline[0]!;
    const used = [...classesOf(html)].filter((name) => styles(stylesheet, name));
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter((name) => !styles(css, name))).toEqual([]);
    // The admin area's tables, and a responsive grid no public page uses, are not sent.
    const unused = ["table-fixed", "lg:grid-cols-5"].filter((name) => styles(stylesheet, name));
    expect(unused.length).toBeGreaterThan(0);
    for (const name of unused) expect(styles(css, name), name).toBe(false);
  });

  it("sends a rule whose class has a comma in its value (grid-cols-[minmax(0,1fr)_auto]) only to a page with that class", () => {
    const name = "grid-cols-[minmax(0,1fr)_auto]";
    expect(styles(stylesheet, name)).toBe(true);
    expect(styles(pageStyles("<p>x</p>"), name)).toBe(false);
    expect(styles(pageStyles(`<p class="${name}">x</p>`), name)).toBe(true);
  });

  it("always includes the classes the islands put on elements in the browser", () => {
    const css = pageStyles("<p>Nothing styled</p>");
    for (const name of ISLAND_CLASSES) expect(styles(css, name), name).toBe(true);
  });

  it("keeps a responsive or hover rule inside its media query", () => {
    const css = pageStyles('<p class="sm:px-6 hover:text-white">x</p>');
    expect(css).toMatch(/@media[^{]*\(width\s*>=\s*40rem\)/);
    expect(css).toMatch(/@media[^{]*\(hover\s*:\s*hover\)/);
    expect(styles(css, "sm:px-6")).toBe(true);
    expect(styles(css, "px-6")).toBe(false);
  });

  it("sends a disclosure's chevron, and its turn when open, only to a page with one", () => {
    const css = pageStyles('<details><summary class="disclosure-chevron">Correct my name or phone</summary></details>');
    expect(css).toMatch(/\.disclosure-chevron::after\s*\{[^}]*border-right/);
    expect(css).toMatch(/details\[open\]\s*>\s*\.disclosure-chevron::after\s*\{[^}]*rotate\(-135deg\)/);
    expect(pageStyles("<details><summary>About Us</summary></details>")).not.toContain("disclosure-chevron");
  });

  it("sends only the theme variables the page's rules read", () => {
    const css = pageStyles('<p class="text-brand-900">x</p>');
    expect(css).toContain("--color-brand-900:");
    expect(css).not.toContain("--color-gold-100:");
  });

  it("keeps element styles only for elements on the page, and form controls' parts only for those controls", () => {
    expect(pageStyles("<p>x</p>")).not.toMatch(/(^|[}\s,])abbr/);
    expect(pageStyles("<p><abbr title='x'>x</abbr></p>")).toMatch(/(^|[}\s,])abbr/);
    expect(pageStyles('<input type="email" name="e">')).not.toContain("::-webkit-datetime-edit");
    expect(pageStyles('<input type="datetime-local" name="d">')).toContain("::-webkit-datetime-edit");
  });

  it("is CSS the HTML checker accepts: no @property, and Tailwind's fallback for it instead", async () => {
    const { inline } = await stylesOf("/");
    const css = inline[0]!;
    expect(css).not.toContain("@property");
    expect(css).not.toContain("margin-trim");
    expect(css).not.toMatch(/transition-property:[^;}]*--/);
    expect(css).not.toMatch(/l(ab|ch)\([^)]*(\de-?\d|\bnone\b)/);
    // The initial values @property gave Tailwind's variables are set on every element instead.
    expect(css).toMatch(/\*,\s*:?:before,\s*:?:after,\s*::backdrop\s*\{[^}]*--tw-border-style:\s*solid/);
  });

  it("leaves out what only React's hydration reads", async () => {
    const { html } = await stylesOf("/about");
    expect(html).not.toContain("data-discover");
    expect(html).not.toContain("<!-- -->");
  });
});

// Here the link points at the dev server's app.css, which the Worker does not serve: that the built
// stylesheet's URL loads (200, text/css) is checked against the production build, tests/e2e/stylesheet.spec.ts.
describe("pages with React link the stylesheet", () => {
  it("the sign-in page links the one stylesheet and has no <style> of its own", async () => {
    const { inline, html, linksStylesheet, stylesheets } = await stylesOf("/auth");
    expect(inline).toEqual([]);
    expect(html).not.toContain("data-page-styles");
    expect(linksStylesheet).toBe(true);
    expect(stylesheets).toEqual([expect.stringMatching(/app[^"/]*\.css$/)]);
  });

  it("an admin page links the one stylesheet and has no <style> of its own", async () => {
    await createAdmin();
    const { inline, html, linksStylesheet, stylesheets } = await stylesOf("/admin", await signIn());
    expect(html).toContain("Dashboard");
    expect(inline).toEqual([]);
    expect(html).not.toContain("data-page-styles");
    expect(linksStylesheet).toBe(true);
    expect(stylesheets).toEqual([expect.stringMatching(/app[^"/]*\.css$/)]);
  });
});

/** Bytes of a text gzipped (Cloudflare sends Brotli, a little smaller still). */
async function gzipSize(text: string) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

describe("a page's HTML and CSS come in the first round trip", () => {
  // A new connection's first round trip carries about 14 KB (10 segments of 1,460 bytes, headers
  // included): a page over it costs a phone on Slow 3G a whole round trip (400 ms and more) before
  // its first paint (issue 27). With the demo content, every budgeted page's HTML, its CSS inside,
  // stays within 14 KB gzip.
  it.each(BUDGETED_ROUTES)("%s is at most 14 KB gzip", async (path) => {
    const { html } = await stylesOf(path);
    expect(await gzipSize(html)).toBeLessThanOrEqual(14 * 1024);
  });
});

describe("nothing competes with the content's first round trips", () => {
  it.each(["/", "/events", "/events/1", "/contact"])("%s fetches its islands script only once the page has loaded", async (path) => {
    const { html } = await stylesOf(path);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toContain('rel="modulepreload"');
    const scripts = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([expect.stringMatching(/^addEventListener\("load",\(\)=>import\("[^"]+islands[^"]*"\)\)$/)]);
  });

  it("gives phones the smallest width of every picture stored at several", async () => {
    const { html } = await stylesOf("/ministries");
    const images = html.match(/<img[^>]*srcSet="[^"]*,[^"]*"[^>]*>/g) ?? [];
    expect(images.length).toBeGreaterThan(2);
    const pictures = [...html.matchAll(/<picture class="contents"><source media="\(max-width: 639px\)" srcSet="([^" ]+) 480w" sizes="[^"]+"\/><img[^>]*srcSet="([^" ]+) 480w/g)];
    expect(pictures).toHaveLength(images.length);
    for (const [, phone, smallest] of pictures) expect(phone).toBe(smallest);
  });

  it("the home page's hero picture is left out on phones: an empty pixel in the page, no request (decision 019)", async () => {
    const { html } = await stylesOf("/");
    const hero = /<section aria-labelledby="hero-heading"[\s\S]*?<\/picture>/.exec(html)?.[0] ?? "";
    expect(hero).toMatch(/<source media="\(max-width: 639px\)" srcSet="data:image\/gif;base64,[A-Za-z0-9+/=]+ 1w" sizes="100vw"\/>/);
    // Wider screens still get the picture, first and with high priority.
    expect(hero).toMatch(/<img[^>]*srcSet="\/media\/events\/sample-conference-480w\.webp 480w, [^"]+"[^>]*fetchPriority="high"/);
  });

  it("a picture stored at one width needs no phone source", async () => {
    const { html } = await stylesOf("/leadership");
    expect(html).toMatch(/<img[^>]*srcSet="[^",]+ 480w"/);
    expect(html).not.toContain("<picture");
  });
});
