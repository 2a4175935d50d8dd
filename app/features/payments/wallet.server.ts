// What the two mobile-money forms (/give and the private page's fee) share before a charge: the
// number typed read as a wallet, and whether this connection may make the provider prompt another
// phone for its PIN.
import { normalizePhone } from "~/server/phone.server";
import { clientAddress, consumeRateLimit, RATE_LIMITS } from "~/server/abuse.server";
import { PAYMENT_OPERATORS } from "~/lib/stored-choices";
import { operatorOfPhone, type PaymentOperator } from "./operators";

/**
 * The number in international form (null when it is not a Malawi number: Airtel Money and TNM
 * Mpamba wallets are Malawian), and its wallet: by its prefix, else as chosen (null when neither tells).
 */
export function walletOf(typedPhone: string, typedOperator: string): { phone: string | null; operator: PaymentOperator | null } {
  const international = normalizePhone(typedPhone);
  const phone = international && isMalawiMobileLength(international) ? international : null;
  const chosen = (PAYMENT_OPERATORS as readonly string[]).includes(typedOperator) ? (typedOperator as PaymentOperator) : null;
  return { phone, operator: phone ? (operatorOfPhone(phone) ?? chosen) : chosen };
}

/**
 * A Malawi mobile number has nine digits after 0 (0991 234 567). A landline's seven or eight can be
 * no wallet, and a mobile number short of a digit ("0999 12 34 5", which the length rules alone
 * would take for a possible number) would send the prompt to nobody's phone.
 */
function isMalawiMobileLength(international: string): boolean {
  return /^\+265[1-9]\d{8}$/.test(international);
}

/**
 * Counts one prompt for the phone and for the request's connection (both forms together): "ok", or
 * which had its share in the last 10 minutes (5 prompts a phone, 30 a connection).
 */
export async function mayPromptPhone(request: Request, phone: string): Promise<"ok" | "phone" | "address"> {
  if (!(await consumeRateLimit(RATE_LIMITS.mobileMoneyPromptsPerPhone, phone))) return "phone";
  return (await consumeRateLimit(RATE_LIMITS.mobileMoneyPromptsPerAddress, clientAddress(request))) ? "ok" : "address";
}
