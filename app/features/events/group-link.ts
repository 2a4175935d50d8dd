// The group leader's link to his group's page (/groups/{token}: every man's code, cancelling), sent
// to him when the group registers and again from "Get my link again": by SMS to his number (when
// SMS is set up) and by e-mail when he gave an address: how he keeps the page's link without
// writing it down.
import { type EmailOrganisation, type RenderedEmail, renderEmail } from "~/lib/email-layout";
import { formatKwacha } from "~/lib/money";
import { groupPath } from "./registration-rules";
import { groupFeeHow } from "./group-view";
import { end, fitted } from "./registration-sms";

/** The group's page, whole (it carries the group's own token). */
export function groupPageUrl(origin: string, token: string): string {
  return `${origin}${groupPath(token)}`;
}

/**
 * A paid event's fee a man, how many of the group's placed men still owe it, and (when the event
 * releases unpaid places) the first time one of their places goes ("Saturday, November 28 at 2:00 PM").
 */
export type GroupFee = { price: number; toPay: number; payBy: string | null };

const feeSentence = (fee: GroupFee) =>
  `Fee ${formatKwacha(fee.price)} a man, ${fee.toPay} to pay.${fee.payBy ? ` Pay by ${fee.payBy} to keep their places: a place not paid for by then goes to the next man waiting.` : ""}`;

/** The group's men as they stand: how many hold a place, and how many wait for one. */
export type GroupStanding = { placed: number; waiting: number };

/** "Your group of 4 men is registered for", or on the waiting list, or both: never "registered" for men without a place. */
function groupStandingWords({ placed, waiting }: GroupStanding): string {
  const all = `Your group of ${placed + waiting} ${placed + waiting === 1 ? "man" : "men"}`;
  if (waiting === 0) return `${all} is registered for`;
  if (placed === 0) return `${all} is on the waiting list for`;
  return `${all}: ${placed} with places, ${waiting} on the waiting list, for`;
}

/** The same in the SMS's few characters: "Your group of 4 is registered for", "Your group: 2 placed, 2 waiting, for". */
function groupStandingSms({ placed, waiting }: GroupStanding): string {
  if (waiting === 0) return `Your group of ${placed} is registered for`;
  if (placed === 0) return `Your group of ${waiting} waits for places at`;
  return `Your group: ${placed} placed, ${waiting} waiting, for`;
}

/**
 * The SMS: who sends, how the group stands (its men with a place or waiting), the event, and the
 * page. One segment: the event's name is cut to fit. (A fee is on the page and in the e-mail: with
 * the page's long link, one segment has no room for it and a name still worth reading.)
 */
export function groupLinkSms(sender: string, eventName: string, men: GroupStanding, url: string): string {
  const standing = groupStandingSms(men);
  return fitted((name) => `${sender}: ${standing} ${end(name)} Every man's code, and cancelling: ${url}`, eventName, []);
}

/**
 * The second SMS to the leader at an event with a fee: what his men's fees come to and, when the
 * event releases unpaid places, by when. No link (the first SMS carries the group's page, which
 * links to each man's, where his fee is paid): one segment, the event's name cut to fit.
 */
export function groupFeesSms(sender: string, eventName: string, fee: GroupFee): string {
  const men = fee.toPay === 1 ? "1 man's fee" : `${fee.toPay} men's fees`;
  const due = fee.payBy ? `due by ${fee.payBy}, or their places go to men waiting` : "to pay";
  return fitted((name, details) => `${sender}: ${name}: ${men}, ${formatKwacha(fee.price * fee.toPay)}, ${due}.${details ? ` ${details}` : ""}`, eventName, [
    "Each man's page says how to pay.",
  ]);
}

export function groupLinkEmail(
  leaderName: string,
  event: { name: string; whenText: string | null },
  men: GroupStanding,
  url: string,
  organisation: EmailOrganisation,
  fee: GroupFee | null,
  payOnline: boolean,
): RenderedEmail {
  return renderEmail({
    subject: `Your group's page: ${event.name}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: `Hello ${leaderName},` },
      {
        type: "paragraphs",
        text: `${groupStandingWords(men)} ${event.name}${event.whenText ? ` (${event.whenText})` : ""}.${men.waiting ? " A man on the waiting list has no place yet: he moves up when one comes free, and the group's page shows it." : ""} The group's page lists every man's code and status, and lets you cancel one man or the whole group.`,
      },
      ...(fee
        ? [{ type: "paragraphs" as const, text: `${feeSentence(fee)} ${groupFeeHow(payOnline)}` }]
        : []),
      { type: "paragraphs", text: "Keep this e-mail: the link opens the page. Lost it? 'Get my link again' on the event's page sends it to the leader's phone again. Do not share it outside the group." },
      { type: "link", label: "Your group's page", url },
    ],
    footer: [{ type: "paragraphs", text: "You get this because you registered a group for this event with this address. Replies reach the events team." }],
  });
}
