// A <details> disclosure: opens and closes without JavaScript (keyboard and screen readers get it
// natively); once hydrated it also closes on Escape, on a click outside and after navigation.
import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";

export function Disclosure({
  summary,
  summaryLabel,
  summaryClassName,
  className,
  children,
}: {
  summary: ReactNode;
  summaryLabel?: string;
  summaryClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
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

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    details.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      details.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  return (
    <details ref={ref} className={className}>
      <summary aria-label={summaryLabel} className={summaryClassName}>
        {summary}
      </summary>
      {children}
    </details>
  );
}
