// The two mobile-money wallets, their names as people know them, and which one a number belongs to.
// Malawi's mobile prefixes (libphonenumber's metadata: 88, 89, 98, 99 …): Airtel numbers start
// 099 or 098, TNM numbers 088 or 089. Any other number is asked (decision 021).
import { PAYMENT_OPERATORS } from "~/lib/stored-choices";

export type PaymentOperator = (typeof PAYMENT_OPERATORS)[number];

export const OPERATOR_NAMES: Record<PaymentOperator, string> = { airtel: "Airtel Money", tnm: "TNM Mpamba" };

export const OPERATOR_CHOICES = PAYMENT_OPERATORS.map((value) => ({ value, label: OPERATOR_NAMES[value] }));

/** The wallet of an international number (+265991234567) when its prefix tells, else null. */
export function operatorOfPhone(international: string): PaymentOperator | null {
  const national = international.startsWith("+265") ? international.slice(4) : null;
  if (!national || national.length !== 9) return null;
  if (/^9[89]/.test(national)) return "airtel";
  if (/^8[89]/.test(national)) return "tnm";
  return null;
}

/** How many times one phone may be asked to approve a payment (a fee's or a gift's) in 10 minutes without approving (wallet.server.ts). */
export const PHONE_PROMPTS_LIMIT = 5;

/** How many times one phone may be asked in 24 hours without approving (so a stranger cannot prompt it all day, 5 every 10 minutes). */
export const PHONE_PROMPTS_DAY_LIMIT = 10;

/** Said when a phone had its share: both forms' words. */
export const TOO_MANY_FOR_PHONE = `This phone was asked ${PHONE_PROMPTS_LIMIT} times in the last 10 minutes to approve a payment, and has not approved them. Please wait 10 minutes and try again.`;

/** Said when a phone had its share of the day. */
export const TOO_MANY_FOR_PHONE_TODAY = `This phone was asked ${PHONE_PROMPTS_DAY_LIMIT} times in the last 24 hours to approve a payment, and has not approved them. Please try again tomorrow.`;
