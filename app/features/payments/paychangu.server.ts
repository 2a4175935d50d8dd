// PayChangu's Mobile Money Direct Charge, built to developer.paychangu.com (decision 021):
// - charge: POST /mobile-money/payments/initialize with { mobile_money_operator_ref_id, mobile,
//   amount, charge_id, email?, first_name?, last_name? }, `Authorization: Bearer <secret key>`;
//   the payer approves on the phone with the PIN;
// - verify: GET /mobile-money/payments/{charge_id}/verify, the same header; data.status "success",
//   data.amount, data.currency, data.charge_id, data.ref_id;
// - webhooks: POST to our URL, JSON with charge_id, status, amount, currency; header `Signature`:
//   the HMAC-SHA256 (hex) of the raw body keyed with the webhook secret from PayChangu's dashboard.
// A webhook only says "look again": the verify call decides (./payments.server.ts).
import type { PaymentOperator } from "./operators";
import type { ChargeRequest, PaymentProvider, StartResult, Verification } from "./provider-types";

export const PAYCHANGU_API = "https://api.paychangu.com";

/** PayChangu's ref_id of each wallet (GET /mobile-money, "Mobile Money Operators"). */
export const OPERATOR_REF_IDS: Record<PaymentOperator, string> = {
  airtel: "20be6c20-adeb-4b5b-a7ba-0769820df4fb",
  tnm: "27494cb5-ba9e-437f-a114-4e7a7686bcca",
};

/** How long a call to PayChangu may take before it counts as failed. */
const CALL_TIMEOUT_MS = 15_000;

type Options = { name: string; secretKey: string; webhookSecret: string; fetch: (request: Request) => Promise<Response> };

type PaychanguAnswer = { status?: string; message?: unknown; data?: Record<string, unknown> | null };

/** PayChangu's Malawi kwacha: "MWK" in webhooks and charges, "MK" in some verify answers. */
export function isKwacha(currency: string): boolean {
  return currency === "MWK" || currency === "MK";
}

/** The HMAC-SHA256 of `body` keyed with `secret`, in lowercase hex. */
export async function hmacSha256Hex(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function equalInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value ? value : typeof value === "number" ? String(value) : null;
}

/** 0991234567 for +265991234567: the form PayChangu's examples send. */
function localMobile(international: string): string {
  return international.startsWith("+265") ? `0${international.slice(4)}` : international;
}

export function paychanguProvider(options: Options): PaymentProvider {
  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<{ httpStatus: number; answer: PaychanguAnswer } | { error: string }> {
    const request = new Request(`${PAYCHANGU_API}${path}`, {
      method,
      headers: {
        Accept: "application/json",
        Authorization: `Bearer ${options.secretKey}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    try {
      const response = await options.fetch(request);
      const answer = (await response.json().catch(() => ({}))) as PaychanguAnswer;
      return { httpStatus: response.status, answer };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    name: options.name,

    async startCharge(charge: ChargeRequest): Promise<StartResult> {
      const [first_name, ...rest] = charge.name.trim().split(/\s+/);
      const result = await call("POST", "/mobile-money/payments/initialize", {
        mobile_money_operator_ref_id: OPERATOR_REF_IDS[charge.operator],
        mobile: localMobile(charge.phone),
        amount: String(charge.amount),
        charge_id: charge.reference,
        ...(charge.email ? { email: charge.email } : {}),
        ...(first_name ? { first_name } : {}),
        ...(rest.length ? { last_name: rest.join(" ") } : {}),
      });
      if ("error" in result) return { ok: false, reason: `PayChangu could not be reached: ${result.error}` };
      const { httpStatus, answer } = result;
      if (httpStatus >= 400 || answer.status !== "success") {
        return { ok: false, reason: `PayChangu refused the charge (${httpStatus}): ${text(answer.message) ?? "no reason given"}` };
      }
      return { ok: true, providerReference: text(answer.data?.ref_id) };
    },

    async verify(reference: string): Promise<Verification> {
      const result = await call("GET", `/mobile-money/payments/${encodeURIComponent(reference)}/verify`);
      if ("error" in result) return { status: "unknown", reason: result.error };
      const { httpStatus, answer } = result;
      if (httpStatus >= 500) return { status: "unknown", reason: `PayChangu answered ${httpStatus}` };
      const data = answer.data ?? {};
      const state = text(data.status);
      if (state === "success") {
        const amount = Number(data.amount);
        return {
          status: "success",
          reference: text(data.charge_id) ?? "",
          amount: Number.isFinite(amount) ? amount : NaN,
          currency: text(data.currency) ?? "",
          providerReference: text(data.ref_id),
        };
      }
      if (state === "failed" || state === "cancelled" || state === "expired") return { status: "failed", reason: text(answer.message) ?? state };
      if (httpStatus === 404) return { status: "failed", reason: "PayChangu does not know this charge" };
      return { status: "pending" };
    },

    async signatureValid(rawBody: string, signature: string | null): Promise<boolean> {
      if (!signature) return false;
      return equalInConstantTime(await hmacSha256Hex(options.webhookSecret, rawBody), signature.trim().toLowerCase());
    },
  };
}
