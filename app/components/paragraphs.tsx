// Stored long text becomes paragraphs: admins type plain text with line breaks, never HTML.

/** One paragraph per non-empty line (ministry descriptions). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <div className={className}>
      {paragraphs.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  );
}

/** One paragraph per line, and a blank line gives a break (blog posts, SPEC section 2). */
export function LineParagraphs({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {text.split(/\r?\n/).map((line, i) => (line.trim() ? <p key={i}>{line}</p> : <br key={i} />))}
    </div>
  );
}
