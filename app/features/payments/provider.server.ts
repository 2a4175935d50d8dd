// The payment provider behind one small interface: start a mobile-money charge, verify one, check a
// webhook's signature. PayChangu is the one provider (./paychangu.server.ts); a second one (pawaPay,
// say) is one more file implementing PaymentProvider, chosen here. In local runs the PayChangu
// adapter talks to the local simulator (./simulator.server.ts) instead of api.paychangu.com.
import { env } from "cloudflare:workers";
import type { PaymentOperator } from "./operators";
import { paychanguProvider } from "./paychangu.server";
import { SIMULATOR_SECRET_KEY, SIMULATOR_WEBHOOK_SECRET, simulatorFetch } from "./simulator.server";

export type ChargeRequest = {
  /** Ours, unique per charge (PayChangu's charge_id). */
  reference: string;
  /** Whole kwacha. */
  amount: number;
  /** International form, +265991234567. */
  phone: string;
  operator: PaymentOperator;
  email: string | null;
  name: string;
};

export type StartResult = { ok: true; providerReference: string | null } | { ok: false; reason: string };

/** What the provider's verify call says of a charge. */
export type Verification =
  | { status: "success"; reference: string; amount: number; currency: string; providerReference: string | null }
  | { status: "failed"; reason: string }
  | { status: "pending" }
  /** The call itself failed (network, 5xx): try again later. */
  | { status: "unknown"; reason: string };

export type PaymentProvider = {
  /** Stored with each payment: 'paychangu' or 'simulator'. */
  name: string;
  startCharge(charge: ChargeRequest): Promise<StartResult>;
  verify(reference: string): Promise<Verification>;
  /** Whether `signature` is the provider's signature of exactly `rawBody`. */
  signatureValid(rawBody: string, signature: string | null): Promise<boolean>;
};

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
