// A registration as staff see it on the desk and at the door: the phone written to be read, a call
// link, a WhatsApp link prefilled with the person's code and private link, and their status in words.
import type { RegistrationStatus } from "~/db/schema";
import { PAY_BY_FORMAT, REGISTRATION_DATE_FORMAT } from "~/lib/constants";
import { personalMessage, registrationStatusLabel } from "~/features/events/registration-view";
import { registrationPath } from "~/features/events/registration-rules";
import { formatInSiteZone } from "~/lib/time";
import { phoneDigits, readablePhone } from "~/server/phone.server";
import { telHref } from "~/lib/app-links";

type Row = {
  id: number;
  full_name: string;
  phone_number: string;
  email: string | null;
  status: RegistrationStatus;
  code: string;
  token: string;
  place: number | null;
  created_at: string;
  promoted_at: string | null;
  told_at: string | null;
  over_capacity: boolean;
  checked_in_at: string | null;
  admitted_unconfirmed: boolean;
  payment_status: "unpaid" | "paid-online" | "cash" | "waived" | "refunded";
  held_until: string | null;
  cancel_reason: string | null;
};

export function toPerson(row: Row, eventName: string, origin: string) {
  const digits = phoneDigits(row.phone_number);
  const promoted = row.promoted_at !== null;
  const message = personalMessage(
    { fullName: row.full_name, status: row.status, place: row.place, code: row.code, promoted },
    eventName,
    `${origin}${registrationPath(row.token)}`,
  );
  return {
    id: row.id,
    name: row.full_name,
    email: row.email,
    phone: readablePhone(row.phone_number),
    /** The last 3 digits, all a door volunteer sees of the number. */
    phoneEnd: row.phone_number.replace(/\D/g, "").slice(-3),
    telHref: telHref(row.phone_number),
    /** Null for a number that could not be read (kept as typed). */
    whatsappHref: digits ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : null,
    status: row.status,
    statusLabel: registrationStatusLabel(row.status, row.place, row.cancel_reason),
    code: row.code,
    date: row.created_at,
    dateText: formatInSiteZone(row.created_at, REGISTRATION_DATE_FORMAT) ?? "N/A",
    /** Moved up from the waiting list, and staff have not told them yet. */
    notTold: row.status === "confirmed" && promoted && row.told_at === null,
    overCapacity: row.over_capacity,
    /** How he came to be over the capacity: let in at the door as he was added (a walk-in), moved up, or added by staff. */
    overCapacityText: !row.over_capacity
      ? null
      : row.checked_in_at !== null && row.checked_in_at <= row.created_at
        ? "Admitted at the door over capacity"
        : promoted
          ? "Moved up over capacity"
          : "Added over capacity",
    checkedInAt: row.checked_in_at,
    checkedInText: row.checked_in_at ? formatInSiteZone(row.checked_in_at, "HH:mm") : null,
    admittedUnconfirmed: row.admitted_unconfirmed,
    /** Where the event's fee stands (meaningful when the event has a price). */
    paymentStatus: row.payment_status,
    /** While his place is held for its fee: until when, as his page says it. */
    heldUntilText: formatInSiteZone(row.held_until, PAY_BY_FORMAT),
  };
}

export type Person = ReturnType<typeof toPerson>;
