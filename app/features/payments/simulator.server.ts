// The local PayChangu simulator's API side (decision 021): answers the calls the PayChangu adapter
// makes (charge, verify) from a D1 table, in-process, so dev, preview and tests run the whole flow
// with no network. Its page (the stand-in for the payer's phone, ./simulator-page.server.ts) approves
// or declines a charge and sends the signed webhook. Used only when PAYMENTS_SIMULATOR is "on",
// which the production settings check refuses.
import { Hono } from "hono";
import { and, eq, lt } from "drizzle-orm";
import { payment_simulator_charges } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { PHONE_PROMPT_MINUTES } from "./provider-types";

/** The simulator's stand-ins for PayChangu's secret key and webhook secret (not secrets: local only). */
export const SIMULATOR_SECRET_KEY = "sec-simulator-local-only";
export const SIMULATOR_WEBHOOK_SECRET = "whsec-simulator-local-only";

const charges = payment_simulator_charges;

const api = new Hono();

api.use(async (c, next) => {
  if (c.req.header("Authorization") !== `Bearer ${SIMULATOR_SECRET_KEY}`) return c.json({ status: "failed", message: "Unauthenticated." }, 401);
  await next();
});

api.post("/mobile-money/payments/initialize", async (c) => {
  const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
  const chargeId = typeof body.charge_id === "string" ? body.charge_id : "";
  const amount = Number(body.amount);
  const mobile = typeof body.mobile === "string" ? body.mobile : "";
  const operator = typeof body.mobile_money_operator_ref_id === "string" ? body.mobile_money_operator_ref_id : "";
  if (!chargeId || !Number.isInteger(amount) || amount <= 0 || !mobile || !operator) {
    return c.json({ status: "failed", message: "The charge_id, amount, mobile and mobile_money_operator_ref_id fields are required." }, 422);
  }
  const refId = String(Math.floor(10_000_000_000 + Math.random() * 89_999_999_999));
  const created = await getDb()
    .insert(charges)
    .values({ charge_id: chargeId, amount, mobile, operator_ref_id: operator, ref_id: refId })
    .onConflictDoNothing()
    .returning();
  if (!created[0]) return c.json({ status: "failed", message: "The charge_id has already been taken." }, 422);
  return c.json({ status: "success", message: "Payment initiated successfully.", data: chargeData(created[0]) });
});

api.get("/mobile-money/payments/:chargeId/verify", async (c) => {
  await expireUnansweredCharge(c.req.param("chargeId"));
  const charge = await getDb().select().from(charges).where(eq(charges.charge_id, c.req.param("chargeId"))).get();
  if (!charge) return c.json({ status: "failed", message: "Charge not found." }, 404);
  const message = charge.status === "success" ? "Payment authorized and completed successfully." : `Payment is ${charge.status}.`;
  return c.json({ status: charge.status === "success" ? "successful" : charge.status, message, data: chargeData(charge) });
});

api.all("*", (c) => c.json({ status: "failed", message: "Not simulated." }, 404));

type Charge = typeof charges.$inferSelect;

function chargeData(charge: Charge) {
  return {
    amount: charge.amount,
    charge_id: charge.charge_id,
    ref_id: charge.ref_id,
    status: charge.status,
    mobile: charge.mobile,
    currency: charge.currency,
    mode: "test",
    created_at: charge.created_at,
    completed_at: charge.completed_at,
  };
}

/** The adapter's fetch in local runs: PayChangu's API answered in-process. */
export function simulatorFetch(request: Request): Promise<Response> {
  return Promise.resolve(api.fetch(request));
}

/**
 * Like a real phone, the simulator's prompt lasts PHONE_PROMPT_MINUTES: a charge nobody answered by
 * then fails (and is no longer there to approve), so a payer who tries again pays once.
 */
async function expireUnansweredCharge(chargeId: string, now = new Date()) {
  const promptShownSince = new Date(now.getTime() - PHONE_PROMPT_MINUTES * 60_000).toISOString();
  await getDb()
    .update(charges)
    .set({ status: "failed", completed_at: now.toISOString() })
    .where(and(eq(charges.charge_id, chargeId), eq(charges.status, "pending"), lt(charges.created_at, promptShownSince)));
}

/** A simulated charge (for the simulator's page): one nobody answered in time has failed. */
export async function simulatedCharge(chargeId: string) {
  await expireUnansweredCharge(chargeId);
  return getDb().select().from(charges).where(eq(charges.charge_id, chargeId)).get();
}

/** The payer approves or declines on the phone: the charge's state changes once, while its prompt lasts. */
export async function completeSimulatedCharge(chargeId: string, approved: boolean): Promise<Charge | undefined> {
  await expireUnansweredCharge(chargeId);
  const rows = await getDb()
    .update(charges)
    .set({ status: approved ? "success" : "failed", completed_at: new Date().toISOString() })
    .where(and(eq(charges.charge_id, chargeId), eq(charges.status, "pending")))
    .returning();
  return rows[0];
}

/** The webhook PayChangu sends when a direct charge completes (developer.paychangu.com, Webhooks). */
export function simulatedWebhookBody(charge: Charge): string {
  return JSON.stringify({
    event_type: "api.charge.payment",
    currency: charge.currency,
    amount: charge.amount,
    charge: "0",
    mode: "test",
    type: "Direct API Payment",
    status: charge.status,
    charge_id: charge.charge_id,
    reference: charge.ref_id,
    authorization: { channel: "Mobile Money", card_details: null, bank_payment_details: null, mobile_money: { mobile: charge.mobile }, completed_at: charge.completed_at },
    created_at: charge.created_at,
    updated_at: charge.completed_at,
  });
}
