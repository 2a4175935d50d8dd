// What the two mobile-money forms (/give and the private page's fee) share before a charge: the
// number typed read as a wallet, and whether this connection may make the provider prompt another
// phone for its PIN.
import { sql, type SQL } from "drizzle-orm";
import { normalizePhone } from "~/server/phone.server";
import { clientAddress, consumeRateLimit, RATE_LIMITS } from "~/server/abuse.server";
import { PAYMENT_OPERATORS } from "~/lib/stored-choices";
import { operatorOfPhone, type PaymentOperator, PHONE_PROMPTS_DAY_LIMIT, PHONE_PROMPTS_LIMIT } from "./operators";

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

/** Counts one prompt for the request's connection; false once it has had its 30 in 10 minutes (both forms together). */
export function mayPromptFromAddress(request: Request): Promise<boolean> {
  return consumeRateLimit(RATE_LIMITS.mobileMoneyPromptsPerAddress, clientAddress(request));
}

const PHONE_PROMPTS_WINDOW_MINUTES = 10;

/** The charges of that purpose written for the phone since `since` that it has not approved. */
function unapprovedPromptsSql(phone: string, purpose: "fee" | "gift", since: Date): SQL {
  const ofPurpose = purpose === "fee" ? sql`registration_id IS NOT NULL` : sql`gift_id IS NOT NULL`;
  return sql`(SELECT count(*) FROM payments WHERE phone_number = ${phone} AND kind = 'online' AND status <> 'paid' AND ${ofPurpose} AND created_at > ${since.toISOString()})`;
}

function windowsOf(now: Date) {
  return { recent: new Date(now.getTime() - PHONE_PROMPTS_WINDOW_MINUTES * 60_000), day: new Date(now.getTime() - 24 * 60 * 60_000) };
}

/**
 * The guard of the statement that writes a charge (a fee's or a gift's): the phone was asked fewer
 * than PHONE_PROMPTS_LIMIT times in 10 minutes, and fewer than PHONE_PROMPTS_DAY_LIMIT in 24 hours,
 * for charges of that purpose. Only charges really written count, so posts that prompt nobody (a
 * made-up link, a refused bot check, a tap while a prompt is open) cannot use up a stranger's
 * phone; being one statement, two posts at once cannot both take the last one. Fees and gifts are
 * counted apart: anyone can give with any number, so gifts made with a man's number must never stop
 * him paying his own fee (only he has its link). A charge the phone approved does not count: the
 * harm is prompts its owner did not want, and a group's leader paying man after man for those on
 * his number approves each one.
 */
export function phoneMayBePromptedSql(phone: string, now: Date, purpose: "fee" | "gift"): SQL {
  return sql`(${phonePromptLimitSql(phone, now, purpose)}) IS NULL`;
}

/** Which of the two limits the phone has reached ('day' before 'recent'; NULL: neither), for the refusal's words. */
export function phonePromptLimitSql(phone: string, now: Date, purpose: "fee" | "gift"): SQL<"day" | "recent" | null> {
  const { recent, day } = windowsOf(now);
  return sql`CASE WHEN ${unapprovedPromptsSql(phone, purpose, day)} >= ${PHONE_PROMPTS_DAY_LIMIT} THEN 'day'
    WHEN ${unapprovedPromptsSql(phone, purpose, recent)} >= ${PHONE_PROMPTS_LIMIT} THEN 'recent' END`;
}
