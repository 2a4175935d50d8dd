// Whether this deploy takes money online: the payment provider's keys, or the local simulator (dev,
// previews, tests; never production, decision 021). Shared, as ./sms.server.ts's smsSetup is, so
// that what any page or message says of paying (a wallet, or the registration desk) can ask it;
// the provider itself is the payments feature's (app/features/payments/provider.server.ts).
import { env } from "cloudflare:workers";

/** Whether this run uses the local payment simulator instead of PayChangu. */
export function simulatorOn(): boolean {
  return env.PAYMENTS_SIMULATOR === "on";
}

/** The provider's secrets still missing (none with the simulator), for the setup page to name. */
export function paymentSecretsMissing(): string[] {
  if (simulatorOn()) return [];
  return (["PAYCHANGU_SECRET_KEY", "PAYCHANGU_WEBHOOK_SECRET"] as const).filter((name) => !env[name]?.trim());
}

/** Whether visitors may pay online on this deploy. */
export function paymentsReady(): boolean {
  return paymentSecretsMissing().length === 0;
}
