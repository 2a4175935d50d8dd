/**
 * A section of the deploy guide on a setup page, as the server rendered it from docs/deploy.md
 * (deployGuideSection): headings, steps, commands and links read as a page, not as Markdown. Not a
 * named region: a setup page shows two (e-mail and SMS), and its own heading names each.
 */
export function GuideSection({ html }: { html: string }) {
  return (
    <section
      className="mt-2 rounded-lg border border-stone-200 bg-white p-4 text-sm leading-relaxed break-words text-stone-800 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_code]:text-[0.85em] [&_h2]:text-lg [&_h2]:font-bold [&_h2]:text-stone-900 [&_h3]:mt-5 [&_h3]:font-semibold [&_h3]:text-stone-900 [&_li]:mt-1 [&_ol]:mt-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 [&_pre]:mt-2 [&_pre]:whitespace-pre-wrap [&_pre]:break-words [&_pre]:rounded [&_pre]:bg-stone-100 [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5 [&_table]:mt-2 [&_table]:w-full [&_table]:table-fixed [&_td]:border [&_td]:border-stone-200 [&_td]:p-2 [&_td]:align-top [&_th]:border [&_th]:border-stone-200 [&_th]:p-2 [&_th]:text-left"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
