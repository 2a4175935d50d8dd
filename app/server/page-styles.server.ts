// Pages without React carry their own CSS in a <style> element instead of linking the stylesheet:
// on Slow 3G the stylesheet's request costs a round trip (400 ms and more) before anything can be
// painted. Only the rules the page uses go in, so the page still fits the first round trip of a new
// connection (about 14 KB); see docs/decisions/016-fast-on-3g.md.
import stylesheet from "~/app.css?inline";
import { ISLAND_CLASSES } from "~/islands/classes";

/** What the root layout renders in <head> (`PageStyles`) where the page's CSS goes. */
const PAGE_STYLES_PLACEHOLDER = '<style data-page-styles=""></style>';

/** Splits CSS into its top-level statements and blocks (`a{...}`, `@media x{...}`, `@layer y;`). */
function blocks(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i += 1) {
    const c = css[i];
    if (c === "{") depth += 1;
    else if (c === "}" && --depth === 0) {
      out.push(css.slice(start, i + 1).trim());
      start = i + 1;
    } else if (c === ";" && depth === 0) {
      out.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return out.filter(Boolean);
}

const prelude = (block: string) => block.slice(0, block.indexOf("{")).trim();
const body = (block: string) => block.slice(block.indexOf("{") + 1, block.lastIndexOf("}"));

const unescape = (name: string) =>
  name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : char!));

/** The parts of particular form controls Tailwind's base styles reach, and the control each belongs to. */
const CONTROL_PARTS: [part: RegExp, control: string][] = [
  [/::-webkit-(?:date|calendar-picker)/, "input:date"],
  [/::-webkit-(?:inner|outer)-spin-button/, "input:number"],
  [/::-webkit-search/, "input:search"],
  [/::file-selector-button/, "input:file"],
];
const DATE_INPUTS = new Set(["date", "time", "datetime-local", "month", "week"]);

/**
 * What each selector of a selector list needs on the page: its classes (`.sm\:px-6` needs
 * `.sm:px-6`), its element names (`abbr:where([title])` needs `abbr`; names inside `:not()` and
 * attribute selectors do not count) and the form control a part belongs to (`::-webkit-datetime-edit`
 * needs a date or time input).
 */
function needsOf(selectorList: string): string[][] {
  // Not at an escaped comma: an arbitrary value's (`.grid-cols-\[minmax\(0\,1fr\)_auto\]`), whose
  // second half names no class and would send the rule to every page.
  return selectorList.split(/(?<!\\),/).map((selector) => {
    const classes = [...selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)].map((m) => `.${unescape(m[1]!)}`);
    const rest = selector
      .replace(/\\./g, "_")
      .replace(/\[[^\]]*\]/g, "")
      .replace(/:not\((?:[^()]|\([^()]*\))*\)/g, "")
      .replace(/[.#][\w-]+/g, "");
    const elements = [...rest.matchAll(/(?:^|[\s>+~(])([a-z][a-z0-9]*)/gi)].map((m) => m[1]!.toLowerCase());
    const controls = CONTROL_PARTS.filter(([part]) => part.test(selector)).map(([, control]) => control);
    return [...classes, ...elements, ...controls];
  });
}

/**
 * Tailwind registers its variables with `@property` and guards a fallback for browsers without it
 * by `@supports`. The HTML checker knows neither `@property` nor some of that guard's properties
 * once the CSS sits inside the page, so the page's copy uses Tailwind's fallback for everyone:
 * the same initial values, set on every element. Unregistered variables do not animate, so naming
 * them in `transition-property` (which the checker also rejects) would change nothing either. The
 * checker also misreads two ways of writing a colour's parts (`5.96046e-8`, `none`), which the
 * page's copy writes as the numbers they stand for (0 for both here).
 */
function forThePage(block: string): string | null {
  if (block.startsWith("@property")) return null;
  if (/^@layer\s+properties\s*\{/.test(block)) {
    return `@layer properties{${blocks(body(block))
      .map((inner) => (inner.startsWith("@supports") ? body(inner) : inner))
      .join("")}}`;
  }
  return block
    .replace(/transition-property:[^;}]*/g, (value) => value.replace(/,\s*--[\w-]+/g, ""))
    .replace(/\b(?:ok)?l(?:ab|ch)\([^)]*\)/g, (color) =>
      color.replace(/\bnone\b/g, "0").replace(/\d*\.?\d+e-?\d+/gi, (n) => String(Number(Number(n).toFixed(6)))),
    );
}

/**
 * A piece of the stylesheet: a rule with what it needs on the page (one list per selector of its
 * selector list; null: always needed), an at-rule (`@media`, `@supports`, a layer) around rules, or
 * a block of variables (Tailwind's theme and its properties' initial values), kept one by one.
 */
type Rule =
  | { css: string; needs: string[][] | null }
  | { prelude: string; rules: Rule[] }
  | { before: string; variables: [name: string, declaration: string][]; after: string };

/** Rules that each know what they style; media and supports blocks nest. */
function selectiveRules(css: string): Rule[] {
  return blocks(css).map((block) =>
    block.startsWith("@") ? { prelude: prelude(block), rules: selectiveRules(body(block)) } : { css: block, needs: needsOf(prelude(block)) },
  );
}

/** `@layer x{selector{--a:1;--b:2}}`, a block that only sets variables, as its variables; else null. */
function variablesOf(block: string): Rule | null {
  const [rule, ...rest] = blocks(body(block));
  if (!rule || rest.length || rule.startsWith("@")) return null;
  const declarations = body(rule).split(";").map((d) => d.trim()).filter(Boolean);
  if (!declarations.every((d) => d.startsWith("--"))) return null;
  return {
    before: `${prelude(block)}{${prelude(rule)}{`,
    variables: declarations.map((d) => [d.slice(0, d.indexOf(":")).trim(), d]),
    after: "}}",
  };
}

/**
 * The stylesheet, prepared once: Tailwind's utilities and its base styles (for elements) are kept
 * rule by rule, its variables one by one, the rest (keyframes, the site's own few rules) always.
 */
const RULES: Rule[] = blocks(stylesheet.replace(/\/\*[\s\S]*?\*\//g, ""))
  .map(forThePage)
  .filter((block): block is string => block !== null)
  .map((block) => {
    const layer = /^@layer\s+(utilities|base)\s*\{/.exec(block)?.[1];
    if (layer) return { prelude: `@layer ${layer}`, rules: selectiveRules(body(block)) };
    return (block.startsWith("@layer") && variablesOf(block)) || { css: block, needs: null };
  });

/** The rules the page's elements use, as CSS; variable blocks are left as they are. */
function cssFor(rules: Rule[], page: ReadonlySet<string>): (string | Rule)[] {
  return rules.map((rule) => {
    if ("variables" in rule) return rule;
    if ("prelude" in rule) {
      const inner = cssFor(rule.rules, page).join("");
      return inner ? `${rule.prelude}{${inner}}` : "";
    }
    return !rule.needs || rule.needs.some((selector) => selector.every((need) => page.has(need))) ? rule.css : "";
  });
}

const usedVariables = (css: string) => [...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!);

/** Keeps the variables the rest of the page's CSS reads, and those these read in turn. */
function withUsedVariables(parts: (string | Rule)[]): string {
  const used = new Set(usedVariables(parts.filter((p) => typeof p === "string").join("")));
  const blocksOfVariables = parts.filter((p): p is Extract<Rule, { variables: unknown }> => typeof p !== "string" && "variables" in p);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { variables } of blocksOfVariables) {
      for (const [name, declaration] of variables) {
        if (!used.has(name)) continue;
        for (const read of usedVariables(declaration)) {
          if (used.has(read)) continue;
          used.add(read);
          grew = true;
        }
      }
    }
  }
  return parts
    .map((part) => {
      if (typeof part === "string") return part;
      if (!("variables" in part)) return "";
      const kept = part.variables.filter(([name]) => used.has(name)).map(([, declaration]) => declaration);
      return kept.length ? `${part.before}${kept.join(";")}${part.after}` : "";
    })
    .join("");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };

/**
 * The page's element names, classes (`.name`) and kinds of input (`input:email`; `input:date` for
 * every date or time input), with the classes the islands add in the browser. One pass over the
 * tags; each distinct class attribute is split once (a page repeats most of them).
 */
function inPage(html: string): Set<string> {
  const found = new Set(ISLAND_CLASSES.map((name) => `.${name}`));
  const classValues = new Set<string>();
  const tag = /<([a-z][a-z0-9]*)(?=[\s>/])([^>]*)>/gi;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const element = match[1]!.toLowerCase();
    const attributes = match[2]!;
    found.add(element);
    const classAt = attributes.indexOf(' class="');
    if (classAt >= 0) classValues.add(attributes.slice(classAt + 8, attributes.indexOf('"', classAt + 8)));
    if (element === "input") {
      const type = /\stype="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase() ?? "text";
      found.add(DATE_INPUTS.has(type) ? "input:date" : `input:${type}`);
    }
  }
  for (const value of classValues) {
    for (const name of value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, e: string) => ENTITIES[e]!).split(/\s+/)) {
      if (name) found.add(`.${name}`);
    }
  }
  return found;
}

/** The CSS chosen lately, by what the page uses: most pages use what another page used before. */
const stylesFor = new Map<string, string>();
const STYLES_KEPT = 32;

/** The CSS a page needs: the stylesheet without the rules and variables none of its elements use. */
export function pageStyles(html: string): string {
  const used = inPage(html);
  const key = [...used].sort().join(" ");
  let css = stylesFor.get(key);
  if (css === undefined) {
    css = withUsedVariables(cssFor(RULES, used));
    if (stylesFor.size >= STYLES_KEPT) stylesFor.clear();
    stylesFor.set(key, css);
  }
  return css;
}

/**
 * Readies a page rendered without React (the root layout put the placeholder in): fills in the CSS
 * it needs, and drops what only React Router's route discovery reads (`data-discover`, on any
 * `<Link>` such a page still renders), which such a page never runs. (Static markup has no text
 * separators to drop.) Other pages pass unchanged.
 */
export function forPageWithoutReact(html: string): string {
  const at = html.indexOf(PAGE_STYLES_PLACEHOLDER);
  if (at < 0) return html;
  const withoutReactMarkup = (part: string) => part.replaceAll(' data-discover="true"', "");
  const head = withoutReactMarkup(html.slice(0, at));
  const rest = withoutReactMarkup(html.slice(at + PAGE_STYLES_PLACEHOLDER.length));
  return `${head}<style>${pageStyles(head + rest)}</style>${rest}`;
}
