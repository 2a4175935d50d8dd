// Helpers for the payment tests: the provider out of reach, as the site sees an outage.
import { vi } from "vitest";
import * as simulator from "~/features/payments/simulator.server";

/**
 * Our verify calls to the provider time out (its other calls still work) until the returned spy is
 * restored: what an outage on PayChangu's side, or on the way to it, looks like to the site.
 */
export function verifyUnreachable() {
  const through = simulator.simulatorFetch;
  vi.spyOn(console, "warn").mockImplementation(() => {});
  return vi.spyOn(simulator, "simulatorFetch").mockImplementation((call) =>
    new URL(call.url).pathname.endsWith("/verify") ? Promise.reject(new DOMException("The operation timed out.", "TimeoutError")) : through(call),
  );
}
