// The local Email Service simulator itself (wrangler's send_email binding, no fake): it takes what
// the site sends, a registration's confirmation with its .ics attachment included. Its own file:
// once the real binding has been called, a fake sender's spy no longer takes its place in that
// file's runtime.
import { env } from "cloudflare:workers";
import { beforeEach, expect, it } from "vitest";
import type { RegistrationAnswer } from "~/features/events/registration-view";
import { allSettled, outboxRows, waitForOutbox, withEmailSetUp } from "./email-helpers";
import { postForm, seedReference } from "./helpers";

withEmailSetUp();

beforeEach(async () => {
  await seedReference();
});

it("sends a registration's confirmation with its calendar file", async () => {
  await env.DB.prepare("INSERT INTO churchevents (id, name, date) VALUES (1, 'Men''s Conference', '2030-06-12T06:00:00.000Z')").run();
  const response = await postForm("/api/registrations", { event_id: "1", full_name: "Simulated Man", phone_number: "0991 300 300", email: "simulated@example.mw" });
  expect((await response.json<RegistrationAnswer>()).registration?.status).toBe("confirmed");
  await waitForOutbox((rows) => rows.length === 1 && allSettled(rows));
  const [row] = await outboxRows();
  expect(row).toMatchObject({ kind: "registration-confirmed", status: "sent", last_error: null });
  expect(JSON.parse(row!.attachments!)[0]).toMatchObject({ filename: "mens-conference.ics", type: "text/calendar; method=PUBLISH" });
});
