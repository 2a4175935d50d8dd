// The frame of every e-mail the site sends: plain text plus simple HTML in one column that reads on
// a phone, with system fonts and inline styles only: no remote images, fonts or tracking pixels.
// Both end with the organisation's name and postal address (from the settings). Templates pass
// text, never HTML, for anything typed by people: everything is escaped here.
// No server-only imports: the newsletter composer renders its preview in the browser with these.

/** Who sends: the organisation's name and address as the settings hold them. */
export type EmailOrganisation = { name: string; addressLines: readonly string[] };

/** An e-mail ready to store in the outbox. */
export type RenderedEmail = { subject: string; text: string; html: string };

/** A block of an e-mail's body, written once for both the text and the HTML part. */
export type EmailBlock =
  | { type: "paragraphs"; text: string }
  | { type: "heading"; text: string }
  | { type: "button"; label: string; url: string }
  | { type: "link"; label: string; url: string }
  | { type: "item"; title: string; url: string; lines: readonly string[] }
  | { type: "quote"; text: string };

const COLORS = { text: "#1c1917", muted: "#57534e", brand: "#172f62", link: "#1d449b", page: "#f5f5f4", card: "#ffffff", rule: "#d6d3d1" };
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** Text fit for a header: control characters (CR, LF, tab...) become spaces, runs of spaces one, at most `max` characters. */
export function oneLine(text: string, max = 998): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim().slice(0, max).trim();
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Paragraphs of typed text: split at blank lines; single line breaks kept. */
function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** A block as HTML; `p` styles its paragraphs (the footer's are closer together). */
function blockHtml(block: EmailBlock, p = "margin:0 0 16px;"): string {
  switch (block.type) {
    case "paragraphs":
      return paragraphsOf(block.text)
        .map((paragraph) => `<p style="${p}">${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
        .join("\n");
    case "heading":
      return `<h2 style="margin:24px 0 12px;font-size:18px;line-height:1.3;color:${COLORS.brand};">${escapeHtml(block.text)}</h2>`;
    case "button":
      return `<p style="margin:24px 0;"><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background-color:${COLORS.brand};color:#ffffff;font-weight:bold;text-decoration:none;">${escapeHtml(block.label)}</a></p>\n<p style="${p}font-size:14px;color:${COLORS.muted};word-break:break-all;">${escapeHtml(block.url)}</p>`;
    case "link":
      return `<p style="${p}"><a href="${escapeHtml(block.url)}" style="color:${COLORS.link};">${escapeHtml(block.label)}</a></p>`;
    case "item":
      return `<div style="margin:0 0 20px;"><p style="margin:0 0 4px;font-weight:bold;"><a href="${escapeHtml(block.url)}" style="color:${COLORS.link};">${escapeHtml(block.title)}</a></p>${block.lines
        .map((line) => `<p style="margin:0 0 4px;color:${COLORS.muted};">${escapeHtml(line)}</p>`)
        .join("")}</div>`;
    case "quote":
      return `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${COLORS.rule};background-color:${COLORS.page};">${paragraphsOf(block.text)
        .map((paragraph) => `<p style="margin:0 0 8px;">${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
        .join("")}</div>`;
  }
}

function blockText(block: EmailBlock): string {
  switch (block.type) {
    case "paragraphs":
      return paragraphsOf(block.text).join("\n\n");
    case "heading":
      return `${block.text.toUpperCase()}`;
    case "button":
    case "link":
      return `${block.label}:\n${block.url}`;
    case "item":
      return [`* ${block.title}`, ...block.lines.map((line) => `  ${line}`), `  ${block.url}`].join("\n");
    case "quote":
      return paragraphsOf(block.text)
        .map((paragraph) => paragraph.replace(/^/gm, "> "))
        .join("\n>\n");
  }
}

type EmailContent = {
  subject: string;
  organisation: EmailOrganisation;
  blocks: readonly EmailBlock[];
  /** Why the reader gets this, under the address (plain text). */
  footer?: readonly EmailBlock[];
};

/** The e-mail as text and as HTML, from the same blocks. The subject is one line, as its header will be. */
export function renderEmail({ subject: typedSubject, organisation, blocks, footer = [] }: EmailContent): RenderedEmail {
  const subject = oneLine(typedSubject);
  const address = organisation.addressLines.join(", ");
  const text = [
    ...blocks.map((block) => blockText(block)),
    "--",
    [organisation.name, address].filter(Boolean).join("\n"),
    ...footer.map(blockText),
  ].join("\n\n");
  const footerHtml = footer.map((block) => blockHtml(block, "margin:8px 0 0;")).join("\n");
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLORS.page};">
<div style="max-width:600px;margin:0 auto;padding:24px 12px;font-family:${FONT};font-size:16px;line-height:1.6;color:${COLORS.text};">
<p style="margin:0 0 12px;font-size:14px;font-weight:bold;color:${COLORS.brand};">${escapeHtml(organisation.name)}</p>
<div style="padding:20px 16px;border-radius:8px;background-color:${COLORS.card};">
${blocks.map((block) => blockHtml(block)).join("\n")}
</div>
<div style="margin:20px 4px 0;font-size:13px;line-height:1.5;color:${COLORS.muted};">
<p style="margin:0;">${escapeHtml(organisation.name)}${address ? `<br>${escapeHtml(address)}` : ""}</p>
${footerHtml}
</div>
</div>
</body>
</html>
`;
  return { subject, text: `${text}\n`, html };
}
