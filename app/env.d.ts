// Bindings and variables of the Worker (see wrangler.jsonc). Secrets come from .dev.vars locally
// and `wrangler secret put` in production.
import type * as WorkerModule from "../workers/app";
import type { OutboxJob } from "~/features/messaging/index.server";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      IMAGES: R2Bucket;
      /** HS256 key for admin session tokens; at least 32 random bytes. */
      SESSION_SECRET: string;
      /** Public origin (https://...), or empty to use the request's origin. */
      SITE_URL: string;
      /** "on" or "off" forces the edge cache of public pages; unset: on in production builds. */
      EDGE_CACHE?: string;
      /** Cloudflare Email Service; absent on a deploy that has not set up e-mail. */
      EMAIL?: SendEmail;
      /** The address e-mail is sent from; empty or absent: e-mail is not set up. */
      MAIL_FROM?: string;
      /** The newsletter's fan-out queue (this Worker consumes it); absent without Queues. */
      OUTBOX_QUEUE?: Queue<OutboxJob>;
      /** PayChangu's secret API key (a secret); absent: payments are not set up (decision 021). */
      PAYCHANGU_SECRET_KEY?: string;
      /** The webhook secret PayChangu signs its webhooks with (a secret). */
      PAYCHANGU_WEBHOOK_SECRET?: string;
      /** "on" in local runs only: payments go to the local simulator. The deploy check refuses it. */
      PAYMENTS_SIMULATOR?: string;
      /** "twilio", or "simulator" locally; empty or absent: SMS is not set up (app/server/sms.server.ts). */
      SMS_PROVIDER?: string;
      /** The alphanumeric sender ID SMS come from: at most 11 characters, not generic (INFO, SMS, NOTICE). */
      SMS_SENDER_ID?: string;
      TWILIO_ACCOUNT_SID?: string;
      /** Secret: signs Twilio's API calls and its delivery callbacks. */
      TWILIO_AUTH_TOKEN?: string;
      /** Cloudflare Turnstile's site key (public); with TURNSTILE_SECRET_KEY it turns the forms' bot check on (decision 027). */
      TURNSTILE_SITE_KEY?: string;
      /** Secret: Turnstile's secret key, for siteverify. */
      TURNSTILE_SECRET_KEY?: string;
      /** Local runs only (a browser test's stand-in for siteverify); the deploy check refuses it. */
      TURNSTILE_SITEVERIFY_URL?: string;
    }
    interface GlobalProps {
      mainModule: typeof WorkerModule;
    }
  }
  type Env = Cloudflare.Env;
}
