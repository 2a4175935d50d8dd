// The desk's money summary. The four cards are the confirmed men who pay, and they add up:
// Expected = Received online + Received in cash + Outstanding. Money from anyone else (people no
// longer confirmed, people refunded, payments to check) is said apart under the cards in plain
// words, with the event's whole takings, so staff can match every kwacha to the cash box.
import { formatKwacha } from "~/lib/money";
import { NOTICE_CLASS } from "~/lib/form-styles";

/** The event's fees, as deskPayments reads them: each kwacha counts in exactly one place. */
export type DeskTotals = {
  /** What the confirmed men who pay (waived fees and refunds left out) bring in: online + cash + outstanding. */
  expected: number;
  online: number;
  cash: number;
  outstanding: number;
  /** Received from people cancelled or on the waiting list, not refunded: refund it or keep it. */
  notConfirmed: { amount: number; people: number };
  /** People refunded: what they had paid, and what the refunds gave back. */
  refunded: { paid: number; given: number; people: number };
  /** Received but not a fee owed: paid twice, an amount other than the fee. */
  toCheck: number;
  /** Everything received for the event. */
  received: { online: number; cash: number };
};

function people(count: number) {
  return count === 1 ? "1 person" : `${count} people`;
}

/** The lines under the cards, each only when it has money: what needs doing first. */
function moneyApartLines(totals: DeskTotals): { text: string; needsAction: boolean }[] {
  const { notConfirmed, refunded, toCheck, received } = totals;
  const lines = [
    ...(notConfirmed.amount
      ? [{ text: `${formatKwacha(notConfirmed.amount)} received from people no longer confirmed (${people(notConfirmed.people)}): refund or keep`, needsAction: true }]
      : []),
    ...(toCheck ? [{ text: `${formatKwacha(toCheck)} received to check: paid twice, or not the fee's amount (see the people marked)`, needsAction: true }] : []),
    ...(refunded.given || refunded.paid
      ? [{ text: `Refunded: ${formatKwacha(refunded.given)} given back to ${people(refunded.people)} who had paid ${formatKwacha(refunded.paid)}`, needsAction: false }]
      : []),
  ];
  if (!lines.length) return [];
  const inAll = `In all: ${formatKwacha(received.online + received.cash)} received (${formatKwacha(received.online)} online, ${formatKwacha(received.cash)} in cash), ${formatKwacha(refunded.given)} refunded`;
  return [...lines, { text: inAll, needsAction: false }];
}

export function PaymentTotals({ price, totals }: { price: number; totals: DeskTotals }) {
  const cards = [
    { label: "Expected", value: totals.expected },
    { label: "Received online", value: totals.online },
    { label: "Received in cash", value: totals.cash },
    { label: "Outstanding", value: totals.outstanding },
  ];
  const apart = moneyApartLines(totals);
  return (
    // A query container: with large text on a phone the cards go one under another (a label like "Received online" no longer fits half the width).
    <section aria-labelledby="payments-heading" className="@container">
      <h2 id="payments-heading" className="text-lg font-semibold text-stone-900">
        Payments <span className="text-sm font-normal text-stone-600">(fee {formatKwacha(price)})</span>
      </h2>
      <dl className="mt-2 grid grid-cols-1 gap-3 max-sm:@min-[18rem]:grid-cols-2 sm:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-lg border border-stone-200 bg-white px-4 py-3">
            <dt className="text-sm text-stone-600">{card.label}</dt>
            <dd className="text-xl font-bold text-stone-900">{formatKwacha(card.value)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-stone-600">The confirmed men who pay: expected = received + outstanding.</p>
      {apart.length ? (
        <ul className="mt-2 space-y-2 text-sm">
          {apart.map((line) => (
            <li key={line.text} className={line.needsAction ? NOTICE_CLASS : "text-stone-800"}>
              {line.text}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
