// Browser tests drive Debian's chromium. Install it when missing (CI machines run as root);
// otherwise say the one command to run.
import { ensureDebianPackages } from "./debian-packages.ts";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium(): void {
  ensureDebianPackages([{ program: CHROMIUM_PATH, package: "chromium" }], "the browser tests", ["fonts-dejavu-core"]);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
