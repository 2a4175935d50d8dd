// 'Preview': a post as visitors will see it, drafts and scheduled posts too (issue 15). From the
// form it opens in a new tab, so what is being typed stays; it shows the last saved version.
import { Link } from "react-router";

export const previewHref = (id: number) => `/admin/blogs/preview/${id}`;

export function PreviewLink({ id, title, newTab = false }: { id: number; title: string; newTab?: boolean }) {
  return (
    <Link
      to={previewHref(id)}
      target={newTab ? "_blank" : undefined}
      rel={newTab ? "noopener" : undefined}
      className="inline-flex min-h-10 items-center rounded-md px-2 text-sm font-semibold text-brand-700 underline hover:bg-stone-100"
    >
      Preview
      <span className="sr-only">{` ${title}${newTab ? " as last saved (opens in a new tab)" : ""}`}</span>
    </Link>
  );
}
