// The check-in page's door offline (issue 26, docs/decisions/024-offline-door.md): where the door's
// own script (./door/main.ts, built apart, no React) shows the list kept on the phone, the queue
// waiting to send and, offline, its own search and walk-in form. Parts of the page that need the
// server carry `data-online-only`; the script hides them while offline.
import { useEffect } from "react";
import { doorScriptSrc } from "virtual:islands";

export function DoorPanel({ eventId }: { eventId: number }) {
  useEffect(() => {
    void import(/* @vite-ignore */ doorScriptSrc);
  }, []);
  return <div data-door={eventId} />;
}
