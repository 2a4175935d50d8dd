// A <details> disclosure: opens and closes without JavaScript (keyboard and screen readers get it
// natively). The disclosure island closes it on Escape and on a click outside (on pages with the
// islands script, and on pages React renders); React also closes it after a client-side navigation.
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
import { disclosure } from "~/islands/disclosure";
import { useIsland } from "~/components/use-island";

export function Disclosure({
  summary,
  summaryLabel,
  summaryDescribedBy,
  summaryClassName,
  className,
  group,
  children,
}: {
  summary: ReactNode;
  summaryLabel?: string;
  /** The id of what tells this summary apart from others of its name (a row's man, by his code). */
  summaryDescribedBy?: string;
  summaryClassName?: string;
  className?: string;
  /** Disclosures of one group open one at a time (the browser's own `<details name>`, no script needed). */
  group?: string;
  children: ReactNode;
}) {
  const { ref: islandRef, ...island } = useIsland(disclosure);
  const ref = useRef<HTMLDetailsElement | null>(null);
  const location = useLocation();

  // Close after a navigation, but not when the page first hydrates: a visitor may have opened it
  // while the scripts were still loading.
  const shownAt = useRef(`${location.pathname}${location.hash}`);
  useEffect(() => {
    const here = `${location.pathname}${location.hash}`;
    if (here === shownAt.current) return;
    shownAt.current = here;
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.hash]);

  return (
    <details
      {...island}
      ref={(element) => {
        ref.current = element;
        return islandRef(element);
      }}
      className={className}
      name={group}
    >
      <summary aria-label={summaryLabel} aria-describedby={summaryDescribedBy} className={summaryClassName}>
        {summary}
      </summary>
      {children}
    </details>
  );
}
