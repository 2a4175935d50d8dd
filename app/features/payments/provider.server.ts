// The payment provider behind one small interface: start a mobile-money charge, verify one, check a
// webhook's signature. PayChangu is the one provider (./paychangu.server.ts); a second one (pawaPay,
// say) is one more file implementing PaymentProvider, chosen here. In local runs the PayChangu
// adapter talks to the local simulator (./simulator.server.ts) instead of api.paychangu.com.
import { env } from "cloudflare:workers";
import type { PaymentProvider } from "./provider-types";
import { paychanguProvider } from "./paychangu.server";
export type { PaymentProvider } from "./provider-types";
import { SIMULATOR_SECRET_KEY, SIMULATOR_WEBHOOK_SECRET, simulatorFetch } from "./simulator.server";
import { paymentsReady, simulatorOn } from "~/server/payments-setup.server";

/** The provider of this deploy, or null when payments are not set up (no keys, no simulator). */
export function paymentProvider(): PaymentProvider | null {
  if (simulatorOn()) {
    return paychanguProvider({ name: "simulator", secretKey: SIMULATOR_SECRET_KEY, webhookSecret: SIMULATOR_WEBHOOK_SECRET, fetch: simulatorFetch });
  }
  // Both keys are set (what paymentsReady asks), or there is no provider.
  if (!paymentsReady()) return null;
  const secretKey = env.PAYCHANGU_SECRET_KEY!.trim();
  const webhookSecret = env.PAYCHANGU_WEBHOOK_SECRET!.trim();
  return paychanguProvider({ name: "paychangu", secretKey, webhookSecret, fetch: (request) => fetch(request) });
}
