import type { ReactNode } from "react";

/** The message a list shows when it has nothing to show (each page has its own words from the spec). */
export function EmptyState({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 bg-stone-50 px-6 py-12 text-center text-stone-700">
      {icon ? <div className="mb-3 flex justify-center text-stone-400">{icon}</div> : null}
      {children}
    </div>
  );
}
