// The check-in page's door offline (issue 26, docs/decisions/024-offline-door.md): where the door's
// own script (./door/main.ts, built apart, no React) shows the list kept on the phone, the queue
// waiting to send and, offline, its own search and walk-in form. Parts of the page that need the
// server carry `data-online-only`; the script hides them while offline. Once the script has sent
// its queue (or the server answers again after requests failed), the page reads its data again, so
// the count says at once what the phone did.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { doorScriptSrc } from "virtual:islands";
import { DOOR_LIST_CHANGED, DOOR_REACHABLE, DOOR_SENT } from "./door-types";

/** `listVersion`: anything that changes when the page's people do (its tallies), to tell the door script. */
export function DoorPanel({ eventId, listVersion }: { eventId: number; listVersion: string }) {
  // Started for this page's event each time the page is shown, and stopped when it is left: React
  // Router opens the next page without a reload, so the script's module stays loaded between them.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void (import(/* @vite-ignore */ doorScriptSrc) as Promise<{ startDoor: (root: HTMLElement) => () => void }>).then(({ startDoor }) => {
      if (!left && root.current) stop = startDoor(root.current);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [eventId]);
  const shown = useRef(listVersion);
  useEffect(() => {
    if (shown.current === listVersion) return;
    shown.current = listVersion;
    dispatchEvent(new Event(DOOR_LIST_CHANGED));
  }, [listVersion]);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const readAgain = () => void revalidate();
    addEventListener(DOOR_SENT, readAgain);
    addEventListener(DOOR_REACHABLE, readAgain);
    return () => {
      removeEventListener(DOOR_SENT, readAgain);
      removeEventListener(DOOR_REACHABLE, readAgain);
    };
  }, [revalidate]);
  return <div ref={root} data-door={eventId} />;
}
