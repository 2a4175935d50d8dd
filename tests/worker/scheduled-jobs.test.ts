// The Worker's scheduled jobs: two Cron Triggers (daily, and the outbox's every 10 minutes) run the jobs
// of workers/scheduled-jobs.ts; the e-mail jobs have their own tests (email-*.test.ts).
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import wranglerConfig from "../../wrangler.jsonc?raw";
import { DAILY_CRON, OUTBOX_CRON, SCHEDULED_JOBS } from "../../workers/scheduled-jobs";
import worker from "../../workers/app";
import { runSql } from "./helpers";

const MINUTE = 60_000;

/** Calls the Worker's scheduled() as Cloudflare does at a cron's time. */
async function runCron(cron: string, scheduledTime: number) {
  const handler: ExportedHandler<Env> = worker;
  const controller = createScheduledController({ cron, scheduledTime });
  const ctx = createExecutionContext();
  await handler.scheduled!(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

async function rateLimitKeys() {
  const { results } = await env.DB.prepare("SELECT key FROM rate_limits ORDER BY key").all<{ key: string }>();
  return results.map((row) => row.key);
}

describe("the daily scheduled job", () => {
  it("runs at 03:00 UTC (05:00 in Malawi); wrangler.jsonc has it and the outbox's, two crons in all", () => {
    expect(DAILY_CRON).toBe("0 3 * * *");
    expect(OUTBOX_CRON).toBe("*/10 * * * *");
    expect(/"crons":\s*\[([^\]]*)\]/.exec(wranglerConfig)?.[1]?.trim()).toBe(`"${DAILY_CRON}", "${OUTBOX_CRON}"`);
    expect(new Set(SCHEDULED_JOBS.map((job) => job.cron))).toEqual(new Set([DAILY_CRON, OUTBOX_CRON]));
  });

  it("deletes rate-limit rows whose window has passed, each by its own rule, and keeps the rest", async () => {
    const now = Date.now();
    const rows: [string, number][] = [
      ["login-email-ip:admin@example.org|192.0.2.1", now - 16 * MINUTE], // 15-minute window: expired
      ["login-email-ip:admin@example.org|192.0.2.2", now - 5 * MINUTE],
      ["login-email-day:admin@example.org", now - 25 * 60 * MINUTE], // a day's window: expired
      ["login-email-day:other@example.org", now - 2 * 60 * MINUTE],
      ["login-ip:2001:db8:1:2::/64", now - 20 * MINUTE],
      ["contact-ip:192.0.2.3", now - 11 * MINUTE],
      ["subscribe-ip:192.0.2.3", now - 9 * MINUTE],
      ["login-email:from-an-older-release", now - 25 * 60 * MINUTE], // a rule no longer used: the longest window
      ["login-email:recent-older-release", now - 60 * MINUTE],
    ];
    await runSql(rows.map(([key, start]) => `INSERT INTO rate_limits (key, window_start, count) VALUES ('${key}', ${start}, 3)`));

    await runCron(DAILY_CRON, now);

    expect(await rateLimitKeys()).toEqual([
      "login-email-day:other@example.org",
      "login-email-ip:admin@example.org|192.0.2.2",
      "login-email:recent-older-release",
      "subscribe-ip:192.0.2.3",
    ]);
  });

  it("reports a failing job in the log and as a failed run", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await env.DB.exec("DROP TABLE rate_limits");
    await expect(runCron(DAILY_CRON, Date.now())).rejects.toThrow(/delete expired rate limits/);
    expect(errors.mock.calls.some((args) => args.join(" ").includes("delete expired rate limits"))).toBe(true);
    vi.restoreAllMocks();
  });
});
