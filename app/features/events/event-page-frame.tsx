// The frame of an event's own form pages (registering with questions, a group, getting a private
// link again): the way back to the event, the page's title, then the page's own content.
import type { ReactNode } from "react";

export function EventPageFrame({ event, title, wide = false, children }: { event: { id: number; name: string }; title: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className="bg-stone-50">
      <div className={`mx-auto w-full ${wide ? "max-w-2xl" : "max-w-xl"} px-4 pt-6 pb-14 sm:px-6 sm:pt-8`}>
        <a href={`/events/${event.id}`} className="inline-flex items-center gap-1.5 py-2 text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline">
          ← {event.name}
        </a>
        <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
        {children}
      </div>
    </div>
  );
}
