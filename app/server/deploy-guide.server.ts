// The deploy guide (docs/deploy.md) shown to Administrators on the setup pages: one of its
// sections, turned from Markdown into HTML on the server (marked; the page ships no Markdown code).
// The guide is ours, in the repository, so its HTML is trusted. Its links into the repository
// (decision notes, other docs) lead nowhere on the site, so they are shown as their text only.
import { Marked } from "marked";
import deployGuide from "../../docs/deploy.md?raw";

const guideMarkdown = new Marked({
  renderer: {
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      return /^https?:\/\//.test(href) ? `<a href="${href}" rel="noopener">${text}</a>` : text;
    },
  },
});

/** The guide's section under `## {heading}`, to the next section of the same level, as HTML. */
export function deployGuideSection(heading: string): string {
  const marker = `## ${heading}`;
  const start = deployGuide.indexOf(`\n${marker}\n`);
  if (start === -1) return "<p>See docs/deploy.md in the website's code.</p>";
  const end = deployGuide.indexOf("\n## ", start + marker.length + 1);
  const section = deployGuide.slice(start, end === -1 ? undefined : end);
  return guideMarkdown.parse(section, { async: false });
}
