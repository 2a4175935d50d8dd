// CSV downloads for admins (behind the /api/admin guard).
import { Hono } from "hono";
import { formatInSiteZone } from "~/lib/time";
import { confirmedContacts, getEvent, REGISTRATIONS_CSV_HEADER, registrationsCsvWithAnswers, vCards } from "~/features/events/index.server";
import { type Subscriber, subscribersAfter } from "~/features/messaging/index.server";
import { logActivity, recordName } from "~/features/accounts/index.server";
import { EVENT_PAYMENTS_CSV_HEADER, eventPaymentCells, eventPaymentsAfter, givingReport, PAYMENT_CSV_HEADER, paymentCsvCells, type RegistrationPayments, paymentsOfRegistrations } from "~/features/payments/index.server";
import { OPERATOR_NAMES } from "~/features/payments";
import { spreadsheetPhone } from "~/server/phone.server";
import { feeOf } from "~/lib/money";
import { parseId } from "~/server/admin-actions.server";
import { csvResponse, csvStream, registrationsCsvFileName } from "~/server/csv.server";
import type { ApiEnv } from "./env";

export const adminExports = new Hono<ApiEnv>();

/** Personal data leaves only through logged exports. */
function logExport(actor: string, action: string, target: string, summary = "") {
  return logActivity([{ actor, kind: "export", action, target, summary }]);
}

adminExports.get("/subscribers.csv", async (c) => {
  await logExport(c.get("admin").email, "Exported subscribers (CSV)", "subscribers");
  return csvResponse(
    "subscribers.csv",
    csvStream<Subscriber>(
      ["Email", "Subscribed", "Confirmed"],
      (after) => subscribersAfter(after),
      (s) => [s.email, formatInSiteZone(s.created_at, "MMM d, yyyy HH:mm"), formatInSiteZone(s.confirmed_at, "MMM d, yyyy HH:mm") ?? "Not yet"],
    ),
  );
});

/**
 * Everyone registered for one event, newest first, whatever the desk's filter (SPEC section 7, CSV
 * export; the columns are the events feature's: registration-exports.ts), streamed page by page.
 */
adminExports.get("/events/:id/registrations.csv", async (c) => {
  const id = parseId(c.req.param("id"));
  const event = id === null ? undefined : await getEvent(id);
  if (id === null || !event) return c.json({ error: "Event not found" }, 404);
  await logExport(c.get("admin").email, "Exported registrations (CSV)", recordName("event", id, event.name));
  // The spec's columns, the payments feature's seven (how the fee was paid, what else came in and went back), then one per
  // registration question (with removed questions' answers).
  const csv = await registrationsCsvWithAnswers(id);
  const hasFee = feeOf(event.price) !== null;
  type Row = Parameters<typeof csv.row>[0] & { settled?: RegistrationPayments };
  const spec = REGISTRATIONS_CSV_HEADER.length;
  return csvResponse(
    registrationsCsvFileName(event.name),
    csvStream<Row>(
      [...csv.header.slice(0, spec), ...PAYMENT_CSV_HEADER, ...csv.header.slice(spec)],
      async (after) => {
        const rows = await csv.pageAfter(after);
        const settled = hasFee ? await paymentsOfRegistrations(rows.map((row) => row.id)) : new Map<number, RegistrationPayments>();
        return rows.map((row) => ({ ...row, settled: settled.get(row.id) }));
      },
      (row) => {
        const cells = csv.row(row);
        return [...cells.slice(0, spec), ...paymentCsvCells(hasFee, row.status, row.payment_status, row.settled), ...cells.slice(spec)];
      },
    ),
  );
});

/**
 * Every payment of one event, one row each (online, cash, waivers, refunds; paid, under way or
 * failed), to match with the provider's statement and the receipt book. Administrators only (the
 * guard's "other" area), logged as an export.
 */
adminExports.get("/events/:id/payments.csv", async (c) => {
  const id = parseId(c.req.param("id"));
  const event = id === null ? undefined : await getEvent(id);
  if (id === null || !event) return c.json({ error: "Event not found" }, 404);
  await logExport(c.get("admin").email, "Exported payments (CSV)", recordName("event", id, event.name));
  return csvResponse(
    registrationsCsvFileName(event.name).replace(/-registrations\.csv$/, "-payments.csv"),
    csvStream(EVENT_PAYMENTS_CSV_HEADER, (after) => eventPaymentsAfter(id, after), eventPaymentCells),
  );
});

/** Every gift received (Administrators only: the guard's "other" area), logged as an export. */
adminExports.get("/giving.csv", async (c) => {
  await logExport(c.get("admin").email, "Exported gifts (CSV)", "gifts");
  const { gifts } = await givingReport();
  let sent = false;
  return csvResponse(
    "gifts.csv",
    csvStream<(typeof gifts)[number]>(
      ["Date", "Receipt", "Amount (MK)", "Fund", "Giver", "Email", "Phone", "Paid by", "Payment reference"],
      async () => (sent ? [] : ((sent = true), gifts)),
      (g) => [
        formatInSiteZone(g.paid_at, "MMM d, yyyy HH:mm") ?? "",
        g.receipt_number,
        g.amount,
        g.fund,
        g.anonymous ? "Anonymous" : (g.donor_name ?? ""),
        g.anonymous ? "" : (g.email ?? ""),
        g.anonymous ? "" : spreadsheetPhone(g.phone_number),
        g.operator ? OPERATOR_NAMES[g.operator] : "",
        g.reference,
      ],
    ),
  );
});

/** The confirmed people of one event as vCards, to add to a phone and a WhatsApp broadcast list. */
adminExports.get("/events/:id/contacts.vcf", async (c) => {
  const id = parseId(c.req.param("id"));
  const event = id === null ? undefined : await getEvent(id);
  if (id === null || !event) return c.json({ error: "Event not found" }, 404);
  const people = await confirmedContacts(id);
  await logExport(c.get("admin").email, "Exported contacts (vCard)", recordName("event", id, event.name), `${people.length} confirmed`);
  return new Response(vCards(people, event.name), {
    headers: {
      "Content-Type": "text/vcard; charset=utf-8",
      "Content-Disposition": `attachment; filename="${registrationsCsvFileName(event.name).replace(/-registrations\.csv$/, "-contacts.vcf")}"`,
      "Cache-Control": "private, no-store",
    },
  });
});
