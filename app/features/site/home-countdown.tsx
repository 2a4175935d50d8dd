// A live countdown to the conference, rendered for the `now` the loader measured; the countdown
// island (app/islands/countdown.ts) then follows the browser's clock.
import { countdown } from "~/islands/countdown";
import { useIsland } from "~/components/use-island";
import { countdownParts } from "~/lib/countdown";

const UNITS = [
  ["days", "Days"],
  ["hours", "Hours"],
  ["minutes", "Minutes"],
  ["seconds", "Seconds"],
] as const;

export function Countdown({ serverNow, target }: { serverNow: number; target: string }) {
  const island = useIsland(countdown);
  const parts = countdownParts(new Date(target), new Date(serverNow));
  return (
    <div {...island} data-target={target} role="timer" aria-label="Time until the conference begins" className="grid grid-cols-4 gap-2">
      {UNITS.map(([unit, label]) => (
        <div key={unit} className="rounded-lg bg-brand-900 px-1 py-2.5 text-center text-white">
          <span data-unit={unit} className="block font-serif text-2xl font-bold tabular-nums sm:text-3xl">
            {String(parts[unit]).padStart(2, "0")}
          </span>
          <span className="block text-xs font-medium text-brand-100">{label}</span>
        </div>
      ))}
    </div>
  );
}
