// The islands script: the only JavaScript of pages that leave React out. It attaches each island
// to the elements marked for it. Built by scripts/vite-islands.ts into one small file.
import { confirmSubmit } from "./confirm-submit";
import { contactForm } from "./contact-form";
import { countdown } from "./countdown";
import { disclosure } from "./disclosure";
import { heroRotation } from "./hero-rotation";
import type { Island } from "./island";
import { registration } from "~/features/events/islands";
import { afterLoad } from "~/lib/service-worker";
import { notFoundLog } from "./not-found-log";
import { testimonyCarousel } from "./testimony-carousel";

const ISLANDS: readonly Island[] = [
  heroRotation,
  countdown,
  testimonyCarousel,
  registration,
  contactForm,
  disclosure,
  confirmSubmit,
  notFoundLog,
];

// The service worker and the web manifest, as a read-only page's after-load line does (app/lib/service-worker.ts).
afterLoad();

for (const island of ISLANDS) {
  for (const root of document.querySelectorAll<HTMLElement>(`[data-island="${island.name}"]`)) island.attach(root);
}
