// Kwacha as people read them: "MK 15,000" (thousands separated, no decimals). Amounts are whole
// kwacha everywhere (integers in D1, in forms and in the provider's calls).

/** "MK 15,000". */
export function formatKwacha(amount: number): string {
  return `MK ${Math.trunc(amount).toLocaleString("en-US")}`;
}

/** "Unpaid: MK 15,000": a man who owes his fee, as the desk's badge and the door's list say it. */
export function unpaidText(amount: number): string {
  return `Unpaid: ${formatKwacha(amount)}`;
}

/** An event's fee when it has one (a price above 0), else null: free. */
export function feeOf(price: number | null | undefined): number | null {
  return price != null && price > 0 ? price : null;
}

/** The largest amount anyone may type: MK 5,000,000. */
export const MAX_AMOUNT = 5_000_000;
