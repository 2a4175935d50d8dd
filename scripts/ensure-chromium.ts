// Browser tests drive Debian's chromium. Install it when missing (CI machines run as root);
// otherwise say the one command to run.
import { ensureDebianPackages } from "./debian-packages.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags that let it run here as root and offline: without the background ones it keeps calling outside hosts. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function ensureChromium(): void {
  ensureDebianPackages([{ program: CHROMIUM_PATH, package: "chromium" }], "the browser tests", ["fonts-dejavu-core"]);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
