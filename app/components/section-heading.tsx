import type { ReactNode } from "react";

/** A section's small gold eyebrow, heading and optional introduction, centred. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  as: Heading = "h2",
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  as?: "h2" | "h3";
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-gold-700">{eyebrow}</p> : null}
      <Heading id={id} className="mt-2 font-serif text-3xl font-bold text-brand-900 sm:text-4xl">
        {title}
      </Heading>
      <div aria-hidden="true" className="mx-auto mt-4 h-1 w-16 rounded-full bg-gold-400" />
      {children ? <div className="mt-4 text-base leading-relaxed text-stone-700 sm:text-lg">{children}</div> : null}
    </div>
  );
}
