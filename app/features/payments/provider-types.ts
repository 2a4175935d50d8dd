// What a payment provider offers (./provider.server.ts chooses one): start a charge, verify it, check a webhook.
import type { PaymentOperator } from "./operators";

/**
 * How long the payer's phone shows the PIN prompt of a charge (Airtel Money's and TNM Mpamba's USSD
 * push times out within about two minutes); after that the charge can no longer be approved.
 */
export const PHONE_PROMPT_MINUTES = 2;

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

