// What the registration exports and the printed door list show of each person: the CSV's columns
// (SPEC section 7: its four columns first, then Status, Code, Checked in and Group leader) and the
// door list's rows.
import type { RegistrationStatus } from "~/db/schema";
import { registrationStatusLabel } from "./registration-view";
import { REGISTRATION_DATE_FORMAT } from "~/lib/constants";
import { formatInSiteZone } from "~/lib/time";
import { spreadsheetPhone } from "../../server/phone.server";
import { feeOf, formatKwacha } from "~/lib/money";
import type { PaymentState } from "~/lib/stored-choices";
import { owesFee } from "./registration-rules";

type Exported = {
  full_name: string;
  phone_number: string;
  email: string | null;
  created_at: string;
  status: RegistrationStatus;
  cancel_reason: string | null;
  code: string;
  checked_in_at: string | null;
  group_leader: string | null;
  own_phone: boolean;
};

export const REGISTRATIONS_CSV_HEADER = ["Name", "Phone", "Email", "Registration Date", "Status", "Code", "Checked in", "Group leader"];

/** One registration as a CSV row, phones written the way a spreadsheet keeps them. */
export function registrationCsvRow(r: Exported): string[] {
  return [
    r.full_name,
    spreadsheetPhone(r.phone_number),
    r.email ?? "N/A",
    formatInSiteZone(r.created_at, REGISTRATION_DATE_FORMAT) ?? "N/A",
    // In the desk's words ("Waiting list"), as the payment column already is.
    registrationStatusLabel(r.status, null, r.cancel_reason),
    r.code,
    formatInSiteZone(r.checked_in_at, REGISTRATION_DATE_FORMAT) ?? "",
    // Who registered him in a group, and whether the phone beside his name is the leader's.
    r.group_leader === null ? "" : r.own_phone ? r.group_leader : `${r.group_leader} (phone is the leader's)`,
  ];
}

/** Where a man's fee stands on the printed door list (an event with a fee): what the door takes, or why nothing. */
const DOOR_FEE_TEXT: Record<PaymentState, string> = { unpaid: "", "paid-online": "Paid", cash: "Paid", waived: "Waived", refunded: "Refunded" };

/**
 * One person on the printed door list: name, code, the last 3 digits of the phone, whether waiting
 * or in, and at an event with a fee (`price`) where his stands ("Due MK 15,000", "Paid"), else null.
 */
export function doorListPerson(row: Pick<Exported, "full_name" | "phone_number" | "code" | "status" | "checked_in_at"> & { id: number; payment_status: PaymentState }, price: number | null) {
  const fee = feeOf(price);
  return {
    id: row.id,
    name: row.full_name,
    code: row.code,
    phoneEnd: row.phone_number.replace(/\D/g, "").slice(-3),
    waiting: row.status === "waitlisted",
    checkedIn: row.checked_in_at !== null,
    feeText: fee === null ? null : owesFee(row, fee) ? `Due ${formatKwacha(fee)}` : DOOR_FEE_TEXT[row.payment_status],
  };
}
