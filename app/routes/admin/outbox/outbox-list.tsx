// /admin/outbox: every e-mail the website sends, newest first: recipient, kind, subject, status,
// error and time. ?status= shows one status; ?to= those to one phone number or e-mail address ("did
// he get his SMS?", however many newsletter copies went since). Each opens to show exactly what was
// (or will be) sent.
import { Link } from "react-router";
import { emailKindLabel, EmailSetupNotice, OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxStatus } from "~/features/messaging";
import { formatInSiteZone } from "~/lib/time";
import { outboxPage } from "~/features/messaging/index.server";
import { emailSetup } from "~/server/email-rules.server";
import { SMS_SIMULATED, smsSetup, smsSimulated } from "~/server/sms.server";
import type { Route } from "./+types/outbox-list";
import { STATUS_LABELS, StatusBadge } from "./status-badge";
import { NOTICE_CLASS } from "~/lib/form-styles";
import { buttonClass, inputClass } from "~/components/form-fields";

export const meta: Route.MetaFunction = () => [{ title: "Outbox | Admin" }];

const TIME_FORMAT = "MMM d, yyyy HH:mm";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked = params.get("status");
  const status = OUTBOX_STATUSES.find((known) => known === asked) ?? null;
  const to = params.get("to")?.trim().slice(0, 200) || null;
  const setup = emailSetup();
  const sms = smsSetup();
  const page = await outboxPage(status, request, to);
  const now = new Date().toISOString();
  return {
    counts: page.counts,
    // A message queued for later (an SMS written at night waits for 07:00; a failed one for its next try) says when it goes.
    rows: page.rows.map((row) => ({ ...row, goesAt: row.status === "queued" && row.next_attempt_at && row.next_attempt_at > now ? row.next_attempt_at : null })),
    status,
    to,
    missing: setup.ready ? null : setup.missing,
    smsMissing: sms.ready ? null : sms.missing,
    smsSimulated: smsSimulated() ? SMS_SIMULATED : null,
  };
}

/** What the tabs mean, for staff who are not engineers: "Delivered" is only ever an SMS's. */
const STATUS_MEANINGS =
  "Queued: waiting to go. Sending: going out now. Sent: handed to the e-mail or SMS service. Delivered: the SMS service says it reached the phone (e-mails never say so). Failed: it could not be sent; open it to see why and to try again.";

function filterClass(current: boolean) {
  return `block rounded-full border px-3 py-1.5 text-sm font-medium whitespace-nowrap ${current ? "border-brand-700 bg-brand-50 text-brand-900" : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50"}`;
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { rows, counts, status, to, missing, smsMissing, smsSimulated } = loaderData;
  const withTo = (path: string) => (to ? `${path}${path.includes("?") ? "&" : "?"}to=${encodeURIComponent(to)}` : path);
  const total = OUTBOX_STATUSES.reduce((sum, key) => sum + counts[key], 0);
  const filters: { status: OutboxStatus | null; label: string; n: number }[] = [
    { status: null, label: "All", n: total },
    ...OUTBOX_STATUSES.map((key) => ({ status: key, label: STATUS_LABELS[key], n: counts[key] })),
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900">Outbox</h1>
      <p className="text-sm text-stone-600">Every e-mail and SMS the website sends, newest first.</p>
      {missing ? <EmailSetupNotice missing={missing} /> : null}
      {smsMissing ? (
        <p role="status" className={`mt-3 ${NOTICE_CLASS}`}>
          {`SMS is not set up, so no SMS are written. ${smsMissing.join(". ")}. `}
          <Link to="/admin/outbox/setup#sms" className="font-semibold underline">
            How to set up SMS
          </Link>
        </p>
      ) : null}
      {smsSimulated ? (
        <p role="status" className={`mt-3 ${NOTICE_CLASS}`}>
          {`${smsSimulated} `}
          <Link to="/admin/outbox/setup#sms" className="font-semibold underline">
            How to set up SMS
          </Link>
        </p>
      ) : null}
      <form method="get" role="search" className="mt-5 flex flex-wrap items-end gap-2">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <div className="min-w-0 grow">
          <label htmlFor="outbox-to" className="mb-1 block text-sm font-medium text-stone-800">
            Find by phone number or e-mail
          </label>
          <input id="outbox-to" name="to" type="search" defaultValue={to ?? ""} inputMode="email" autoComplete="off" className={inputClass} />
        </div>
        <button type="submit" className={buttonClass.secondary}>
          Find
        </button>
        {to ? (
          <Link to={status ? `/admin/outbox?status=${status}` : "/admin/outbox"} className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-700 underline">
            Show everyone
          </Link>
        ) : null}
      </form>
      <nav aria-label="Show" className="mt-4 overflow-x-auto">
        <ul className="flex gap-2">
          {filters.map((filter) => (
            <li key={filter.label}>
              <Link
                to={withTo(filter.status ? `/admin/outbox?status=${filter.status}` : "/admin/outbox")}
                className={filterClass(filter.status === status)}
                aria-current={filter.status === status ? "page" : undefined}
              >
                {`${filter.label} (${filter.n})`}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-2 text-sm text-stone-600">{STATUS_MEANINGS}</p>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-stone-300 bg-white px-6 py-10 text-center text-stone-600">
          {to ? `Nothing ${status ? STATUS_LABELS[status].toLowerCase() + " " : ""}to ${to}.` : status ? `No ${STATUS_LABELS[status].toLowerCase()} e-mails or SMS.` : "No e-mails or SMS yet."}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">
          {rows.map((row) => (
            <li key={row.id} className="px-4 py-3">
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <Link to={`/admin/outbox/${row.id}`} className="min-w-0 font-semibold break-words text-brand-800 underline-offset-2 hover:underline">
                  {row.subject}
                </Link>
                <StatusBadge status={row.status} wontGo={row.wontGo !== null} />
              </div>
              <p className="mt-1 text-sm break-words text-stone-700">
                {`${row.channel === "sms" ? "SMS to" : "To"} ${row.recipient} · ${emailKindLabel(row.kind)} · ${formatInSiteZone(row.sent_at ?? row.created_at, TIME_FORMAT)}`}
              </p>
              {row.wontGo ? (
                <p className="mt-1 text-sm break-words text-stone-700">{`Will not be sent: ${row.wontGo}. It moves to Failed when its time comes.`}</p>
              ) : row.goesAt ? (
                <p className="mt-1 text-sm text-stone-700">{`Goes at ${formatInSiteZone(row.goesAt, TIME_FORMAT)}`}</p>
              ) : null}
              {row.last_error && row.status !== "sent" && row.status !== "delivered" ? <p className="mt-1 text-sm break-words text-red-800">{row.last_error}</p> : null}
            </li>
          ))}
        </ul>
      )}
      {rows.length === OUTBOX_PAGE_SIZE ? <p className="mt-3 text-sm text-stone-600">{`Showing the newest ${OUTBOX_PAGE_SIZE}.`}</p> : null}
    </div>
  );
}
