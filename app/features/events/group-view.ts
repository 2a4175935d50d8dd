// What the leader's group page shows of the group (issue 25, part 4), from ./group-registrations.server.ts's rows.
import { PAY_BY_FORMAT } from "~/lib/constants";
import { feeOf, formatKwacha } from "~/lib/money";
import { feePaid, type PaymentState } from "~/lib/stored-choices";
import { formatInSiteZone } from "~/lib/time";
import { EVENTS_MESSAGES } from "./event-messages";
import { eventWhenText } from "./event-when";
import { beforeTheEvent, owesFee, registrationPath } from "./registration-rules";
import { registrationStatusLabel } from "./registration-view";

export type GroupPageView = {
  leaderName: string;
  /** The page's own address and a WhatsApp message carrying it, for the leader to keep. */
  pageUrl: string;
  whatsappHref: string;
  event: { id: number; name: string; whenText: string | null; location: string | null };
  cancellable: boolean;
  /** An event with a fee: each man's and how it is paid; null for a free event. */
  /** `toPay`: "2 men to pay: MK 30,000 in all" (or "Nothing left to pay"). */
  fee: { text: string; howToPay: string; toPay: string } | null;
  members: {
    id: number;
    line: number;
    name: string;
    code: string;
    status: "confirmed" | "waitlisted" | "cancelled";
    place: number | null;
    /** "Confirmed", "Waiting list #2", "Cancelled: fee not paid in time". */
    statusText: string;
    /** His fee is paid (online or in cash): cancelling him does not give it back by itself. */
    paid: boolean;
    /** His private page: a man without a phone of his own is on his leader's number, so his leader holds it. */
    privateHref: string;
    /** That link's words ("His own page", "Pay his fee", "His page"). */
    pageLink: string;
    /** Where his fee stands ("To pay", "Paid"…); null for a free event or a cancelled man. */
    feeText: string | null;
    /** His phone as people read it, and the version his correction form was opened at. */
    phoneText: string;
    /** Registered without a phone of his own: the number is the leader's. */
    onLeaderPhone: boolean;
    updatedAt: string;
  }[];
};

/** Where a man's fee stands, as his leader reads it. */
const GROUP_FEE_TEXT: Record<PaymentState, string> = {
  unpaid: "To pay",
  "paid-online": "Paid",
  cash: "Paid in cash",
  waived: "Waived",
  refunded: "Refunded",
};

/** A man on the waiting list owes nothing yet: only a place is paid for. */
const GROUP_FEE_WHEN_PLACED = "To pay once he has a place";

/**
 * Where each man's fee is paid, by whether payments are set up (`payOnline`): on his page (by mobile
 * money; a man without a phone of his own is on his leader's number, so his page's pay form asks the
 * leader's phone: the leader pays for him there) or at the desk; else only at the registration desk.
 */
export function groupFeeHow(payOnline: boolean): string {
  return payOnline
    ? "Each man's fee is paid on his page (the link below his name; a man with his own phone also has it in his SMS), from his phone or yours, or at the registration desk."
    : "Each man's fee is paid at the registration desk (his page, the link below his name, says what he owes).";
}

/**
 * The link to a man's page, as his leader reads it: "His own page" when the man has a phone (the
 * link is in his SMS too); for a man on the leader's number, "Pay his fee" while it is owed and can
 * be paid online (his page's pay form asks the leader's phone), else "His page".
 */
function pageLinkOf(man: Rows["members"][number], price: number | null, payOnline: boolean): string {
  if (man.has_phone) return "His own page";
  return payOnline && owesFee(man, price) ? "Pay his fee" : "His page";
}

/** Where a man's fee stands; with the time his place goes unless it is paid, when the event has one. */
function feeTextOf(man: Rows["members"][number], fee: number | null): string | null {
  if (!fee) return null;
  if (man.status === "cancelled") return feePaid(man.payment_status) ? GROUP_PAID_CANCELLED : null;
  if (man.status === "waitlisted" && man.payment_status === "unpaid") return GROUP_FEE_WHEN_PLACED;
  const payBy = man.payment_status === "unpaid" ? formatInSiteZone(man.pay_by, PAY_BY_FORMAT) : null;
  return payBy ? `To pay by ${payBy}` : GROUP_FEE_TEXT[man.payment_status];
}

/** How to pay, and (when the event releases unpaid places) what happens at a man's time. */
function withDeadline(howToPay: string, owing: Rows["members"]): string {
  return owing.some((man) => man.pay_by) ? `${howToPay} ${GROUP_PAY_BY_NOTE}` : howToPay;
}

/** The last line of the group's WhatsApp message: the page's link changes and cancels the group. */
const GROUP_LINK_PRIVATE = "Private: whoever has this link can change or cancel the group's registrations. Do not post it in a group chat.";

/** Said when the event releases unpaid places (its "Hours to pay"). */
const GROUP_PAY_BY_NOTE = "A man's place not paid for by the time shown goes to the next man waiting.";

/** A cancelled man's fee that came in: the money is not given back by itself. */
const GROUP_PAID_CANCELLED = "Paid. To ask for it back, contact the organisers";

/** How many of the group still owe the fee, and what that comes to ("Nothing left to pay" only while a man has a place). */
function toPayText(men: number, fee: number, placed: number): string {
  if (men === 0) return placed > 0 ? "Nothing left to pay" : "No man of the group has a place now: nothing to pay";
  return `${men === 1 ? "1 man" : `${men} men`} to pay: ${formatKwacha(men * fee)} in all`;
}

type Rows = {
  group: { leader_name: string; event_id: number; event_name: string; event_date: string | null; event_ends_at: string | null; event_location: string | null; event_price: number | null };
  members: {
    id: number;
    full_name: string;
    has_phone: number;
    status: "confirmed" | "waitlisted" | "cancelled";
    code: string;
    token: string;
    place: number | null;
    payment_status: PaymentState;
    /** When his place goes unless his fee is paid; null without a limit (or not confirmed). */
    pay_by: string | null;
    cancel_reason: string | null;
    phone_text: string;
    updated_at: string;
  }[];
};

/** Whether the leader may still change his group (cancel or correct a man): as for one registration, until the event starts. */
export function groupMayChange(group: { event_date: string | null }, now: Date): boolean {
  return beforeTheEvent(group.event_date, now);
}

export function groupPageView({ group, members }: Rows, now: Date, pageUrl: string, payOnline: boolean): GroupPageView {
  const fee = feeOf(group.event_price);
  const owing = members.filter((man) => owesFee(man, group.event_price));
  const whenText = eventWhenText(group.event_date, group.event_ends_at);
  const message = [`Our group for ${group.event_name}`, whenText, `Every man's code, and cancelling: ${pageUrl}`, GROUP_LINK_PRIVATE].filter(Boolean).join("\n");
  return {
    leaderName: group.leader_name,
    pageUrl,
    whatsappHref: `https://wa.me/?text=${encodeURIComponent(message)}`,
    event: { id: group.event_id, name: group.event_name, whenText, location: group.event_location },
    cancellable: groupMayChange(group, now),
    fee: fee ? { text: `${EVENTS_MESSAGES.fee(fee)} a man`, howToPay: withDeadline(groupFeeHow(payOnline), owing), toPay: toPayText(owing.length, fee, members.filter((man) => man.status === "confirmed").length) } : null,
    members: members.map((man, index) => ({
      id: man.id,
      line: index + 1,
      name: man.full_name,
      code: man.code,
      status: man.status,
      place: man.place,
      statusText: registrationStatusLabel(man.status, man.place, man.cancel_reason),
      paid: feePaid(man.payment_status),
      privateHref: registrationPath(man.token),
      pageLink: pageLinkOf(man, group.event_price, payOnline),
      feeText: feeTextOf(man, fee),
      phoneText: man.phone_text,
      onLeaderPhone: !man.has_phone,
      updatedAt: man.updated_at,
    })),
  };
}
