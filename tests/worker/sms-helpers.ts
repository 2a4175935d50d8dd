// Helpers for the SMS tests: SMS set up with the local simulator (SMS_PROVIDER "simulator") for the
// test's length, at a daytime hour in Malawi (SMS wait for 07:00 at night), and the simulator's
// record of what it sent.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, vi } from "vitest";
import { smsSimulator } from "~/server/sms.server";

export const SMS_SITE_URL = "https://baptistmen.example";

/** A daytime instant in Malawi, after the real clock (D1 stamps rows with it): 10:00 tomorrow, Malawi time. */
export function malawiDaytime(hour = 10): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, hour - 2));
}

/** For the file: SMS set up through the simulator, the clock at `at` (default 10:00 in Malawi). */
export function withSmsSetUp({ siteUrl = SMS_SITE_URL, at = () => malawiDaytime() }: { siteUrl?: string; at?: () => Date } = {}) {
  let saved: Pick<Env, "SMS_PROVIDER" | "SMS_SENDER_ID" | "SITE_URL">;
  beforeEach(() => {
    saved = { SMS_PROVIDER: env.SMS_PROVIDER, SMS_SENDER_ID: env.SMS_SENDER_ID, SITE_URL: env.SITE_URL };
    env.SMS_PROVIDER = "simulator";
    env.SMS_SENDER_ID = "BaptistMen";
    env.SITE_URL = siteUrl;
    smsSimulator.reset();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at());
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.assign(env, saved);
    smsSimulator.reset();
    vi.restoreAllMocks();
  });
}

export { smsSimulator };
