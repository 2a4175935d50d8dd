import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeftIcon } from "~/components/icons";

/**
 * The link at the top of an admin page back to where it was opened from ("Back to the outbox"). Its
 * padding makes a thumb-sized target (44 px tall) and its negative margin keeps the layout as it was.
 */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="-my-3 inline-flex items-center gap-1.5 py-3 text-sm font-medium text-stone-700 hover:text-brand-800">
      <ArrowLeftIcon className="size-4" />
      {children}
    </Link>
  );
}
