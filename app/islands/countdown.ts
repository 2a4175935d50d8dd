// The live countdown to the conference card's start (`data-target`, an ISO instant). The server
// renders the values for the loader's `now`; this follows the browser's clock every
// COUNTDOWN_TICK_MS, and stops at zero once it has begun.
import { COUNTDOWN_TICK_MS } from "~/lib/constants";
import { countdownParts } from "~/lib/countdown";
import type { Island } from "./island";

export const countdown: Island = {
  name: "countdown",
  attach(root) {
    const target = new Date(root.dataset.target ?? "");
    if (Number.isNaN(target.getTime())) return;
    const units = root.querySelectorAll<HTMLElement>("[data-unit]");
    const tick = () => {
      // Whole seconds, so the display changes exactly when a second of the browser's clock does.
      const now = Math.floor(Date.now() / 1000) * 1000;
      const parts = countdownParts(target, new Date(now));
      for (const span of units) {
        span.textContent = String(parts[span.dataset.unit as keyof typeof parts]).padStart(2, "0");
      }
      return now < target.getTime();
    };
    if (!tick()) return;
    const timer = setInterval(() => {
      if (!tick()) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  },
};
