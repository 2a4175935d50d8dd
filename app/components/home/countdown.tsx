// A live countdown to the conference. The first render uses the `now` the loader measured, so the
// server's HTML and the hydrating render agree; then it follows the browser's clock every second.
import { useSyncExternalStore } from "react";
import { CONFERENCE_START_ISO, COUNTDOWN_TICK_MS } from "~/lib/constants";
import { countdownParts } from "~/lib/countdown";

const target = new Date(CONFERENCE_START_ISO);

function subscribe(onTick: () => void) {
  if (Date.now() >= target.getTime()) return () => {};
  const timer = setInterval(onTick, COUNTDOWN_TICK_MS);
  return () => clearInterval(timer);
}

/** The browser's time, whole seconds, so every read within one second returns the same value. */
const browserNow = () => Math.floor(Date.now() / 1000) * 1000;

const UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
] as const;

export function Countdown({ serverNow }: { serverNow: number }) {
  const now = useSyncExternalStore(subscribe, browserNow, () => serverNow);
  const parts = countdownParts(target, new Date(now));
  return (
    <div role="timer" aria-label="Time until the conference begins" className="grid grid-cols-4 gap-2">
      {UNITS.map(([unit, label]) => (
        <div key={unit} className="rounded-lg bg-brand-900 px-1 py-2.5 text-center text-white">
          <span data-unit={unit} className="block font-serif text-2xl font-bold tabular-nums sm:text-3xl">
            {String(parts[unit]).padStart(2, "0")}
          </span>
          <span className="block text-[0.7rem] font-medium uppercase tracking-wide text-brand-100">{label}</span>
        </div>
      ))}
    </div>
  );
}
