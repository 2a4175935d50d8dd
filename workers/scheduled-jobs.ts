// The Worker's scheduled jobs. Cloudflare runs `scheduled()` (workers/app.ts) at each cron of
// wrangler.jsonc's "triggers"; every job listed here for that cron then runs. To add a job, add it
// to SCHEDULED_JOBS with DAILY_CRON or OUTBOX_CRON. The plan allows few cron expressions and the
// project keeps to these two: a job that needs another time runs on one of them and checks the
// time itself (at 07:00 in Malawi, say: OUTBOX_CRON, when the run is at 05:00 UTC).
import { deleteOldActivity, deleteOldSessions, deleteOldUnsavedForms } from "~/features/accounts/index.server";
import { dailyEmailCleanUp, sendDueEmail, sendEventReminders, sendRegistrationSummaries } from "~/features/messaging/index.server";
import { releaseUnpaidHolds } from "~/features/payments/index.server";
import { deleteExpiredRateLimits } from "../app/server/abuse.server";

/** Every day at 03:00 UTC, 05:00 in Malawi: before the day's visitors and admins. */
export const DAILY_CRON = "0 3 * * *";

/** Every 10 minutes: e-mail that is due (retries, rows stuck in 'sending' for 15 minutes that never reached the provider). */
export const OUTBOX_CRON = "*/10 * * * *";

type ScheduledJob = {
  /** Names the job in the log and in a failed run's error. */
  name: string;
  cron: string;
  /** `scheduledTime` (ms) is when the run was due: the job's "now". */
  run: (scheduledTime: number) => Promise<unknown>;
};

export const SCHEDULED_JOBS: ScheduledJob[] = [
  { name: "delete expired rate limits", cron: DAILY_CRON, run: (scheduledTime) => deleteExpiredRateLimits(scheduledTime) },
  { name: "delete activity older than 13 months", cron: DAILY_CRON, run: (scheduledTime) => deleteOldActivity(scheduledTime) },
  { name: "delete ended sign-in sessions", cron: DAILY_CRON, run: (scheduledTime) => deleteOldSessions(scheduledTime) },
  { name: "delete forms kept after their session ended, a day on", cron: DAILY_CRON, run: (scheduledTime) => deleteOldUnsavedForms(scheduledTime) },
  { name: "expire old e-mail and unconfirmed subscribers", cron: DAILY_CRON, run: (scheduledTime) => dailyEmailCleanUp(scheduledTime) },
  { name: "daily registration summaries to staff", cron: DAILY_CRON, run: (scheduledTime) => sendRegistrationSummaries(scheduledTime) },
  { name: "send due e-mail", cron: OUTBOX_CRON, run: (scheduledTime) => sendDueEmail(scheduledTime) },
  { name: "release unpaid places (an event's hours to pay)", cron: OUTBOX_CRON, run: (scheduledTime) => releaseUnpaidHolds(scheduledTime) },
  { name: "event reminders by SMS and e-mail", cron: OUTBOX_CRON, run: (scheduledTime) => sendEventReminders(scheduledTime) },
];

/**
 * Runs every job of the controller's cron, all of them even when one fails; a failure is logged
 * with the job's name and fails the run, so it shows in the Worker's cron history.
 */
export async function runScheduledJobs(controller: Pick<ScheduledController, "cron" | "scheduledTime">): Promise<void> {
  const jobs = SCHEDULED_JOBS.filter((job) => job.cron === controller.cron);
  const results = await Promise.allSettled(jobs.map((job) => job.run(controller.scheduledTime)));
  const failed = jobs.filter((job, i) => {
    const result = results[i]!;
    if (result.status === "rejected") console.error(`Scheduled job "${job.name}" failed:`, result.reason);
    return result.status === "rejected";
  });
  if (failed.length) throw new Error(`Scheduled jobs failed: ${failed.map((job) => job.name).join(", ")}`);
}
