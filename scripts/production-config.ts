// What `npm run deploy` checks in wrangler.jsonc's production environment before it builds
// anything (docs/deploy.md explains each setting). No Node APIs here, so a unit test can run it.

import { accountSidProblem, SMS_ORIGIN_MAX_LENGTH, senderIdProblem, siteUrlForSms } from "../app/lib/sms-settings.ts";

type Route = string | { pattern: string; custom_domain?: boolean };

export type ProductionConfig = {
  vars?: Record<string, unknown>;
  workers_dev?: boolean;
  routes?: Route[];
  send_email?: { name: string }[];
  queues?: { producers?: { binding: string; queue: string }[]; consumers?: { queue: string }[] };
};

const WHERE = 'in wrangler.jsonc, under "env" > "production"';

/** The URL when `text` is an https origin (a trailing slash allowed), else null. */
function httpsOrigin(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.origin === text.replace(/\/$/, "") ? url : null;
  } catch {
    return null;
  }
}

/** What is wrong with the production settings, in words for whoever deploys; empty when deploying is safe. */
export function productionConfigProblems(config: ProductionConfig): string[] {
  return [...siteAddressProblems(config), ...emailProblems(config), ...paymentProblems(config), ...smsProblems(config), ...botCheckProblems(config)];
}

/** Cloudflare's published Turnstile test site keys (1x…AA passes, 2x…AB fails, 3x…FF asks to click…). */
const TURNSTILE_TEST_SITE_KEY = /^[123]x0{20}[A-Z]{2}$/;

/**
 * The bot check is optional (docs/deploy.md, "Bot check (Turnstile)"): its secret key is a secret,
 * Cloudflare's test keys would let every bot through, and siteverify's stand-in is for local runs.
 */
function botCheckProblems(config: ProductionConfig): string[] {
  const problems: string[] = [];
  const siteKey = typeof config.vars?.TURNSTILE_SITE_KEY === "string" ? config.vars.TURNSTILE_SITE_KEY.trim() : "";
  if (TURNSTILE_TEST_SITE_KEY.test(siteKey)) {
    problems.push(`TURNSTILE_SITE_KEY is one of Cloudflare's test keys ${WHERE}: use your widget's site key from the Turnstile dashboard, or "" to leave the bot check off.`);
  }
  if (config.vars?.TURNSTILE_SECRET_KEY !== undefined) {
    problems.push(`TURNSTILE_SECRET_KEY is a secret: remove it from ${WHERE} > "vars" and set it with \`npx wrangler secret put TURNSTILE_SECRET_KEY --env production\`.`);
  }
  if (config.vars?.TURNSTILE_SITEVERIFY_URL !== undefined && config.vars.TURNSTILE_SITEVERIFY_URL !== "") {
    problems.push(`TURNSTILE_SITEVERIFY_URL is set ${WHERE} > "vars": it is for local test runs only. Remove it.`);
  }
  return problems;
}

/**
 * Payments (docs/deploy.md, "Payments"): the local simulator never runs in production, and
 * PayChangu's keys are secrets (`wrangler secret put`), never plain variables in the config.
 */
function paymentProblems(config: ProductionConfig): string[] {
  const problems: string[] = [];
  if (config.vars?.PAYMENTS_SIMULATOR !== undefined && config.vars.PAYMENTS_SIMULATOR !== "" && config.vars.PAYMENTS_SIMULATOR !== "off") {
    problems.push(`PAYMENTS_SIMULATOR is set ${WHERE} > "vars": the payment simulator is for local runs only. Remove it (docs/deploy.md, "Payments").`);
  }
  for (const name of ["PAYCHANGU_SECRET_KEY", "PAYCHANGU_WEBHOOK_SECRET"]) {
    if (config.vars?.[name] !== undefined) problems.push(`${name} is a secret: remove it from ${WHERE} > "vars" and set it with \`npx wrangler secret put ${name} --env production\`.`);
  }
  return problems;
}

/** SMS is optional (docs/deploy.md, "SMS"); the simulator never belongs in production. */
function smsProblems(config: ProductionConfig): string[] {
  const provider = typeof config.vars?.SMS_PROVIDER === "string" ? config.vars.SMS_PROVIDER.trim() : "";
  if (provider === "simulator") return [`SMS_PROVIDER is "simulator" ${WHERE}: set "twilio" (with SMS_SENDER_ID and TWILIO_ACCOUNT_SID) or leave it empty.`];
  if (provider && provider !== "twilio") return [`SMS_PROVIDER must be "twilio" or empty (it is "${provider}").`];
  if (!provider) return [];
  // Turned on, it must be able to send: otherwise the site would quietly count SMS as not set up.
  const problems: string[] = [];
  const senderId = senderIdProblem(typeof config.vars?.SMS_SENDER_ID === "string" ? config.vars.SMS_SENDER_ID : "");
  if (senderId) problems.push(`${senderId} (${WHERE} > "vars").`);
  const sid = accountSidProblem(typeof config.vars?.TWILIO_ACCOUNT_SID === "string" ? config.vars.TWILIO_ACCOUNT_SID : "");
  if (sid) problems.push(`${sid} (${WHERE} > "vars").`);
  const siteUrl = siteUrlForSms(typeof config.vars?.SITE_URL === "string" ? config.vars.SITE_URL : "");
  if (siteUrl.length > SMS_ORIGIN_MAX_LENGTH) {
    problems.push(
      `SMS needs a SITE_URL of at most ${SMS_ORIGIN_MAX_LENGTH} characters (each SMS is one 160-character segment ending with a link to the site); "${siteUrl}" has ${siteUrl.length}. ` +
        `Use a custom domain, or a shorter Worker name for the workers.dev address (docs/deploy.md, "SMS"), or leave SMS_PROVIDER empty.`,
    );
  }
  return problems;
}

/**
 * E-mail is optional (docs/deploy.md, "E-mail and the newsletter"), but half of it is a mistake: a
 * sender without the binding, the binding without a sender, or a queue produced but not consumed.
 */
function emailProblems(config: ProductionConfig): string[] {
  const mailFrom = typeof config.vars?.MAIL_FROM === "string" ? config.vars.MAIL_FROM.trim() : "";
  const binding = (config.send_email ?? []).some((entry) => entry.name === "EMAIL");
  const problems: string[] = [];
  if (mailFrom && !/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(mailFrom)) problems.push(`MAIL_FROM must be one e-mail address, such as news@baptistmen.mw (it is "${mailFrom}").`);
  if (mailFrom && !binding) problems.push(`MAIL_FROM is set but the e-mail binding is missing: add "send_email": [{ "name": "EMAIL" }] ${WHERE}.`);
  if (binding && !mailFrom) problems.push(`The e-mail binding is there but MAIL_FROM is not set (${WHERE} > "vars"): set the address e-mail is sent from.`);
  const produced = (config.queues?.producers ?? []).find((producer) => producer.binding === "OUTBOX_QUEUE");
  const consumed = (config.queues?.consumers ?? []).some((consumer) => consumer.queue === produced?.queue);
  if (produced && !consumed) problems.push(`The queue "${produced.queue}" is produced (OUTBOX_QUEUE) but not consumed: add it to "queues" > "consumers" ${WHERE}.`);
  return problems;
}

function siteAddressProblems(config: ProductionConfig): string[] {
  const siteUrl = typeof config.vars?.SITE_URL === "string" ? config.vars.SITE_URL.trim() : "";
  if (!siteUrl) {
    return [
      `SITE_URL is not set (${WHERE} > "vars"). Links in link previews, the sitemap, the RSS feed and calendar files use it. ` +
        "Set it to your domain (https://baptistmen.mw) or, without one, to the workers.dev address (https://baptist-men-malawi.<your-subdomain>.workers.dev).",
    ];
  }
  const url = httpsOrigin(siteUrl);
  if (!url) return [`SITE_URL must be the site's https address and nothing more, such as https://baptistmen.mw (it is "${siteUrl}").`];

  const problems: string[] = [];
  if (url.hostname.endsWith(".workers.dev")) {
    if (config.workers_dev === false) problems.push(`SITE_URL is a workers.dev address, so "workers_dev" must not be false ${WHERE}.`);
    return problems;
  }
  const isCustomDomain = (route: Route) => typeof route === "object" && route.custom_domain === true && route.pattern === url.hostname;
  if (!(config.routes ?? []).some(isCustomDomain)) {
    problems.push(`SITE_URL is ${url.hostname}: add "routes": [{ "pattern": "${url.hostname}", "custom_domain": true }] ${WHERE}.`);
  }
  if (config.workers_dev !== false) {
    problems.push(`With a custom domain, set "workers_dev": false ${WHERE}, so the site answers at one address only.`);
  }
  return problems;
}
