// The payment provider behind one small interface: start a mobile-money charge, verify one, check a
// webhook's signature. PayChangu is the one provider (./paychangu.server.ts); a second one (pawaPay,
// say) is one more file implementing PaymentProvider, chosen here. In local runs the PayChangu
// adapter talks to the local simulator (./simulator.server.ts) instead of api.paychangu.com.
import { env } from "cloudflare:workers";
import type { PaymentProvider } from "./provider-types";
import { paychanguProvider } from "./paychangu.server";
export type { PaymentProvider } from "./provider-types";
import { SIMULATOR_SECRET_KEY, SIMULATOR_WEBHOOK_SECRET, simulatorFetch } from "./simulator.server";

/** Whether this run uses the local simulator (dev, preview, tests: never production, decision 021). */
export function simulatorOn(): boolean {
  return env.PAYMENTS_SIMULATOR === "on";
}

/** The provider of this deploy, or null when payments are not set up (no keys, no simulator). */
export function paymentProvider(): PaymentProvider | null {
  if (simulatorOn()) {
    return paychanguProvider({ name: "simulator", secretKey: SIMULATOR_SECRET_KEY, webhookSecret: SIMULATOR_WEBHOOK_SECRET, fetch: simulatorFetch });
  }
  const secretKey = env.PAYCHANGU_SECRET_KEY?.trim();
  const webhookSecret = env.PAYCHANGU_WEBHOOK_SECRET?.trim();
  if (!secretKey || !webhookSecret) return null;
  return paychanguProvider({ name: "paychangu", secretKey, webhookSecret, fetch: (request) => fetch(request) });
}

/** Whether visitors may pay online on this deploy. */
export function paymentsReady(): boolean {
  return paymentProvider() !== null;
}

/** The secrets payments still lack (none with the simulator), for the setup page to name. */
export function paymentSecretsMissing(): string[] {
  if (simulatorOn()) return [];
  return (["PAYCHANGU_SECRET_KEY", "PAYCHANGU_WEBHOOK_SECRET"] as const).filter((name) => !env[name]?.trim());
}
