import type { ReactNode } from "react";

/** The deep-blue band that opens every public page below the header. */
export function PageHero({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="bg-brand-900 px-4 py-12 text-center text-white sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {children ? <div className="mx-auto mt-4 max-w-2xl text-base text-brand-100 sm:text-lg">{children}</div> : null}
    </section>
  );
}
