import type { OutboxStatus } from "~/features/messaging";

const STYLES: Record<OutboxStatus, string> = {
  queued: "bg-stone-100 text-stone-800",
  sending: "bg-sky-100 text-sky-900",
  sent: "bg-green-100 text-green-900",
  delivered: "bg-green-200 text-green-950",
  failed: "bg-red-100 text-red-900",
};

export const STATUS_LABELS: Record<OutboxStatus, string> = { queued: "Queued", sending: "Sending", sent: "Sent", delivered: "Delivered", failed: "Failed" };

/** A message's state; `wontGo`: queued, but the sender would refuse it as things stand. */
export function StatusBadge({ status, wontGo = false }: { status: string; wontGo?: boolean }) {
  if (wontGo) return <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Will not be sent</span>;
  const known = status in STYLES ? (status as OutboxStatus) : null;
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${known ? STYLES[known] : "bg-stone-100 text-stone-800"}`}>
      {known ? STATUS_LABELS[known] : status}
    </span>
  );
}
