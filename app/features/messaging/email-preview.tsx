// An e-mail's HTML as the reader's mail app shows it, in a sandboxed frame (no scripts, links inert),
// with its plain-text part beside it.
export function EmailPreview({ html, text, title }: { html: string; text: string; title: string }) {
  return (
    <div className="space-y-3">
      <iframe title={title} srcDoc={html} sandbox="" className="h-[32rem] w-full rounded-lg border border-stone-300 bg-white" />
      <details className="rounded-lg border border-stone-200 bg-white">
        <summary className="disclosure-chevron cursor-pointer px-4 py-3 text-sm font-medium text-stone-800">Plain-text version</summary>
        <pre className="overflow-x-auto border-t border-stone-200 px-4 py-3 text-sm whitespace-pre-wrap break-words text-stone-800">{text}</pre>
      </details>
    </div>
  );
}
