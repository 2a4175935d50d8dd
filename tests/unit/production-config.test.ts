// What `npm run deploy` checks in wrangler.jsonc's production environment before it builds.
import { describe, expect, it } from "vitest";
import { productionConfigProblems } from "../../scripts/production-config.ts";
import wranglerConfig from "../../wrangler.jsonc?raw";

describe("the production configuration npm run deploy accepts", () => {
  it("keeps Workers Logs' invocation logs off (they would store private links' whole URLs), and production inherits it", () => {
    expect(wranglerConfig).toMatch(/"observability":\s*\{\s*"enabled":\s*true,\s*"logs":\s*\{\s*"enabled":\s*true,\s*"invocation_logs":\s*false\s*\}\s*\}/);
    expect(wranglerConfig.match(/"observability"/g)).toHaveLength(1);
  });

  it("needs SITE_URL, an https origin", () => {
    for (const vars of [undefined, {}, { SITE_URL: "" }, { SITE_URL: "  " }]) {
      expect(productionConfigProblems({ vars }).join(" ")).toMatch(/SITE_URL is not set/);
    }
    for (const url of ["http://baptistmen.mw", "baptistmen.mw", "https://baptistmen.mw/home", "https://baptistmen.mw?x=1"]) {
      expect(productionConfigProblems({ vars: { SITE_URL: url } }).join(" "), url).toMatch(/SITE_URL must be the site's https address/);
    }
  });

  it("takes the workers.dev address when the ministry has no domain, with workers.dev left on", () => {
    const SITE_URL = "https://baptist-men-malawi.example.workers.dev";
    expect(productionConfigProblems({ vars: { SITE_URL } })).toEqual([]);
    expect(productionConfigProblems({ vars: { SITE_URL: `${SITE_URL}/` }, workers_dev: true })).toEqual([]);
    expect(productionConfigProblems({ vars: { SITE_URL }, workers_dev: false }).join(" ")).toMatch(/workers_dev/);
  });

  it("with a custom domain, needs it as the Worker's custom domain and workers.dev turned off", () => {
    const SITE_URL = "https://baptistmen.mw";
    const route = { pattern: "baptistmen.mw", custom_domain: true };
    expect(productionConfigProblems({ vars: { SITE_URL }, routes: [route], workers_dev: false })).toEqual([]);
    expect(productionConfigProblems({ vars: { SITE_URL }, routes: [route] }).join(" ")).toMatch(/"workers_dev": false/);
    expect(productionConfigProblems({ vars: { SITE_URL }, routes: [route], workers_dev: true }).join(" ")).toMatch(/"workers_dev": false/);
    expect(productionConfigProblems({ vars: { SITE_URL }, workers_dev: false }).join(" ")).toMatch(/custom_domain/);
    expect(productionConfigProblems({ vars: { SITE_URL }, routes: ["baptistmen.mw/*"], workers_dev: false }).join(" ")).toMatch(/custom_domain/);
  });

  it("takes e-mail turned on whole or not at all: the sender with its binding, and the queue with its consumer", () => {
    const SITE_URL = "https://baptist-men-malawi.example.workers.dev";
    const queues = {
      producers: [{ binding: "OUTBOX_QUEUE", queue: "baptist-men-malawi-outbox" }],
      consumers: [{ queue: "baptist-men-malawi-outbox" }],
    };
    const send_email = [{ name: "EMAIL" }];
    expect(productionConfigProblems({ vars: { SITE_URL, MAIL_FROM: "" } })).toEqual([]);
    expect(productionConfigProblems({ vars: { SITE_URL, MAIL_FROM: "news@baptistmen.mw" }, send_email, queues })).toEqual([]);
    expect(productionConfigProblems({ vars: { SITE_URL, MAIL_FROM: "news@baptistmen.mw" }, send_email })).toEqual([]);
    expect(productionConfigProblems({ vars: { SITE_URL, MAIL_FROM: "news@baptistmen.mw" } }).join(" ")).toMatch(/"send_email": \[\{ "name": "EMAIL" \}\]/);
    expect(productionConfigProblems({ vars: { SITE_URL }, send_email }).join(" ")).toMatch(/MAIL_FROM is not set/);
    expect(productionConfigProblems({ vars: { SITE_URL, MAIL_FROM: "News <news@baptistmen.mw>" }, send_email }).join(" ")).toMatch(/one e-mail address/);
    expect(productionConfigProblems({ vars: { SITE_URL, MAIL_FROM: "news@baptistmen.mw" }, send_email, queues: { producers: queues.producers } }).join(" ")).toMatch(/not consumed/);
  });

  it("refuses the local payment simulator, and PayChangu's keys as plain variables", () => {
    const SITE_URL = "https://baptist-men-malawi.example.workers.dev";
    expect(productionConfigProblems({ vars: { SITE_URL, PAYMENTS_SIMULATOR: "on" } }).join(" ")).toMatch(/simulator is for local runs only/);
    expect(productionConfigProblems({ vars: { SITE_URL, PAYMENTS_SIMULATOR: "" } })).toEqual([]);
    expect(productionConfigProblems({ vars: { SITE_URL, PAYCHANGU_SECRET_KEY: "sec-live-123" } }).join(" ")).toMatch(/wrangler secret put PAYCHANGU_SECRET_KEY/);
    expect(productionConfigProblems({ vars: { SITE_URL, PAYCHANGU_WEBHOOK_SECRET: "x" } }).join(" ")).toMatch(/PAYCHANGU_WEBHOOK_SECRET is a secret/);
  });

  it("takes SMS off, or on with what it needs to send: the sender ID, the account, and a site address short enough for one segment", () => {
    const sms = { SMS_PROVIDER: "twilio", SMS_SENDER_ID: "BaptistMen", TWILIO_ACCOUNT_SID: `AC${"0a".repeat(16)}` };
    expect(productionConfigProblems({ vars: { SITE_URL: "https://baptist-men-malawi.example.workers.dev", SMS_PROVIDER: "" } })).toEqual([]);
    expect(productionConfigProblems({ vars: { SITE_URL: "https://baptistmen.mw", ...sms }, routes: [{ pattern: "baptistmen.mw", custom_domain: true }], workers_dev: false })).toEqual([]);
    // A short Worker name keeps the workers.dev address within 40 characters.
    expect(productionConfigProblems({ vars: { SITE_URL: "https://bmm.chisomo.workers.dev", ...sms } })).toEqual([]);
    // The default Worker name's workers.dev address is 39 characters before the subdomain: SMS could never go.
    expect(productionConfigProblems({ vars: { SITE_URL: "https://baptist-men-malawi.chisomo.workers.dev", ...sms } }).join(" ")).toMatch(/SMS needs a SITE_URL of at most 40 characters.*has 46/);
    expect(productionConfigProblems({ vars: { SITE_URL: "https://baptistmen.mw", ...sms, SMS_SENDER_ID: "INFO" } }).join(" ")).toMatch(/generic/);
    expect(productionConfigProblems({ vars: { SITE_URL: "https://baptistmen.mw", ...sms, SMS_SENDER_ID: "" } }).join(" ")).toMatch(/SMS_SENDER_ID is empty/);
    expect(productionConfigProblems({ vars: { SITE_URL: "https://baptistmen.mw", ...sms, TWILIO_ACCOUNT_SID: "" } }).join(" ")).toMatch(/TWILIO_ACCOUNT_SID must be/);
    expect(productionConfigProblems({ vars: { SITE_URL: "https://baptistmen.mw", ...sms, SMS_PROVIDER: "simulator" } }).join(" ")).toMatch(/"simulator"/);
    expect(productionConfigProblems({ vars: { SITE_URL: "https://baptistmen.mw", ...sms, SMS_PROVIDER: "clickatell" } }).join(" ")).toMatch(/"twilio" or empty/);
  });

  it("takes the bot check off or with a real site key, and refuses its secret as a plain variable, Cloudflare's test keys and a stand-in siteverify", () => {
    const SITE_URL = "https://baptist-men-malawi.example.workers.dev";
    expect(productionConfigProblems({ vars: { SITE_URL, TURNSTILE_SITE_KEY: "" } })).toEqual([]);
    expect(productionConfigProblems({ vars: { SITE_URL, TURNSTILE_SITE_KEY: "0x4AAAAAAABkMYinukE8nzY" } })).toEqual([]);
    for (const key of ["1x00000000000000000000AA", "2x00000000000000000000AB", "1x00000000000000000000BB", "3x00000000000000000000FF"]) {
      expect(productionConfigProblems({ vars: { SITE_URL, TURNSTILE_SITE_KEY: key } }).join(" "), key).toMatch(/Cloudflare's test keys/);
    }
    expect(productionConfigProblems({ vars: { SITE_URL, TURNSTILE_SECRET_KEY: "0x4AAAAAAAB-secret" } }).join(" ")).toMatch(/wrangler secret put TURNSTILE_SECRET_KEY/);
    expect(productionConfigProblems({ vars: { SITE_URL, TURNSTILE_SITEVERIFY_URL: "http://127.0.0.1:9/siteverify" } }).join(" ")).toMatch(/local test runs only/);
  });
});
