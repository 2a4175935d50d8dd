// The local simulator's checkout page (decision 021), standing in for the payer's phone: it shows
// the charge with Approve and Decline; either sends the webhook PayChangu would send, signed with
// the simulator's webhook secret, to the same handler as POST /api/payments/webhook. It answers
// only when PAYMENTS_SIMULATOR is "on" (local runs) and only on a local address, so a deployed
// site never serves it, even misconfigured.
import { Hono } from "hono";
import { formatKwacha } from "~/lib/money";
import { hmacSha256Hex } from "./paychangu.server";
import { PHONE_PROMPT_MINUTES } from "./provider-types";
import { receiveWebhook } from "./payments.server";
import { simulatorOn } from "~/server/payments-setup.server";
import { completeSimulatedCharge, SIMULATOR_WEBHOOK_SECRET, simulatedCharge, simulatedWebhookBody } from "./simulator.server";

export const SIMULATOR_TEXT = {
  title: "Payment simulator",
  explain: "This page stands in for the payer's phone in local runs: no money moves.",
  approve: "Approve",
  decline: "Decline",
  done: "The simulated payment was",
  expired: `This payment request expired: nobody approved it within ${PHONE_PROMPT_MINUTES} minutes, as a phone's prompt would.`,
};

/** Whether a failed charge failed because its prompt ran out, not because the payer declined. */
function expired(charge: { status: string; created_at: string; completed_at: string | null }): boolean {
  return charge.status === "failed" && charge.completed_at !== null && Date.parse(charge.completed_at) - Date.parse(charge.created_at) >= PHONE_PROMPT_MINUTES * 60_000;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const paymentSimulator = new Hono();

paymentSimulator.use(async (c, next) => {
  if (!simulatorOn() || !LOCAL_HOSTS.has(new URL(c.req.url).hostname)) return c.json({ error: "Not found" }, 404);
  await next();
});

/** Where to go after the decision: a path on this site only. */
function backTo(value: string | undefined): string | null {
  if (!value?.startsWith("/")) return null;
  // Read as a browser reads it (which drops tabs and line breaks, and takes "//host" and "/\host"
  // for another site): only a path of this site goes back.
  const here = "http://this.site.invalid";
  const url = new URL(value, here);
  return url.origin === here ? `${url.pathname}${url.search}${url.hash}` : null;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

paymentSimulator.get("/:chargeId", async (c) => {
  const charge = await simulatedCharge(c.req.param("chargeId"));
  if (!charge) return c.json({ error: "No such simulated charge" }, 404);
  const back = backTo(c.req.query("return"));
  const action = (decision: string) => `/api/payments/simulator/${encodeURIComponent(charge.charge_id)}/${decision}${back ? `?return=${encodeURIComponent(back)}` : ""}`;
  const body =
    charge.status === "pending"
      ? `<form method="post" action="${escape(action("approve"))}"><button type="submit">${SIMULATOR_TEXT.approve}</button></form>
         <form method="post" action="${escape(action("decline"))}"><button type="submit">${SIMULATOR_TEXT.decline}</button></form>`
      : `<p>${expired(charge) ? SIMULATOR_TEXT.expired : `${SIMULATOR_TEXT.done} ${charge.status === "success" ? "approved" : "declined"}.`}</p>${back ? `<p><a href="${escape(back)}">Back to the site</a></p>` : ""}`;
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${SIMULATOR_TEXT.title}</title></head><body><main><h1>${SIMULATOR_TEXT.title}</h1><p>${SIMULATOR_TEXT.explain}</p>
<p>Pay ${escape(formatKwacha(charge.amount))} from ${escape(charge.mobile)} (reference ${escape(charge.charge_id)}).</p>${body}</main></body></html>`, 200, {
    "Cache-Control": "no-store",
    // Its two forms post to this site; nothing else loads (no script, no style).
    "Content-Security-Policy": "default-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  });
});

for (const decision of ["approve", "decline"] as const) {
  paymentSimulator.post(`/:chargeId/${decision}`, async (c) => {
    const charge = await completeSimulatedCharge(c.req.param("chargeId"), decision === "approve");
    if (charge) {
      const body = simulatedWebhookBody(charge);
      await receiveWebhook(body, await hmacSha256Hex(SIMULATOR_WEBHOOK_SECRET, body));
    }
    const back = backTo(c.req.query("return"));
    return c.redirect(back ?? `/api/payments/simulator/${encodeURIComponent(c.req.param("chargeId"))}`, 303);
  });
}
