// A live countdown to the conference, rendered for the `now` the loader measured; the countdown
// island (app/islands/countdown.ts) then follows the browser's clock.
import { countdown } from "~/islands/countdown";
import { useIsland } from "~/islands/use-island";
import { CONFERENCE_START_ISO } from "~/lib/constants";
import { countdownParts } from "~/lib/countdown";

const target = new Date(CONFERENCE_START_ISO);

const UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
] as const;

export function Countdown({ serverNow }: { serverNow: number }) {
  const island = useIsland(countdown);
  const parts = countdownParts(target, new Date(serverNow));
  return (
    <div {...island} role="timer" aria-label="Time until the conference begins" className="grid grid-cols-4 gap-2">
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
