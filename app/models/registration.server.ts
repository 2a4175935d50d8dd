// Every query that touches `event_registrations`.
import { registrationDedupeKey } from "~/lib/registration-key";
import { REGISTRATION_MESSAGES, registrationSchema, type RegistrationInput } from "~/lib/schemas/registration";
import { getDb, type Db } from "~/server/db.server";
import { handlePublicForm } from "~/server/public-form.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";

export type RegistrationOutcome = "registered" | "already-registered" | "event-not-found" | "registration-closed";

/**
 * Registers one person for one event. The insert is a single guarded statement: the row is only
 * written if, at that instant, the event exists, is active and open for registration (so an admin
 * closing registration cannot race a sign-up in), and the same person signing up twice is one row
 * (UNIQUE(event_id, dedupe_key) with DO NOTHING). The event's state is read in the same batch, one
 * D1 round trip, to say why nothing was written.
 */
export async function registerForEvent(db: Db, input: RegistrationInput): Promise<RegistrationOutcome> {
  const d1 = db.$client;
  const [inserted, event] = await d1.batch<{ id?: number; active?: number; registration_enabled?: number }>([
    d1
      .prepare(
        `INSERT INTO event_registrations (event_id, full_name, phone_number, email, dedupe_key)
         SELECT id, ?2, ?3, ?4, ?5 FROM churchevents
         WHERE id = ?1 AND active = 1 AND registration_enabled = 1
         ON CONFLICT (event_id, dedupe_key) DO NOTHING
         RETURNING id`,
      )
      .bind(
        input.event_id,
        input.full_name,
        input.phone_number,
        input.email,
        registrationDedupeKey(input.full_name, input.phone_number),
      ),
    d1.prepare(`SELECT active, registration_enabled FROM churchevents WHERE id = ?1`).bind(input.event_id),
  ]);

  if (inserted?.results.length) return "registered";
  const state = event?.results[0];
  if (!state?.active) return "event-not-found";
  if (!state.registration_enabled) return "registration-closed";
  return "already-registered";
}

const refusals = {
  "event-not-found": { error: REGISTRATION_MESSAGES.eventNotFound, status: 404 },
  "registration-closed": { error: REGISTRATION_MESSAGES.closed, status: 409 },
} as const;

/** The page a plain (no JavaScript) registration returns to: where it came from, dialog closed. */
function withoutRegisterParam(path: string): string {
  const url = new URL(path, "http://localhost");
  url.searchParams.delete("register");
  return `${url.pathname}${url.search}`;
}

/**
 * The registration form's action, shared by /events and /events/{id}: honeypot, per-address rate
 * limit and validation (handlePublicForm), then the guarded insert. A scripted submission gets data
 * for the dialog; a plain post is redirected back with the success toast, or on refusal the page is
 * rendered again with the dialog open, what was typed and the errors.
 */
export function registrationAction(request: Request, fallbackPath: string) {
  return handlePublicForm({
    request,
    schema: registrationSchema,
    rateLimit: RATE_LIMITS.registrationPerAddress,
    rateLimitedMessage: REGISTRATION_MESSAGES.rateLimited,
    fallbackPath,
    redirectPath: withoutRegisterParam,
    renderFailures: true,
    successToast: REGISTRATION_MESSAGES.success,
    async handle(input) {
      const outcome = await registerForEvent(getDb(), input);
      if (outcome === "registered" || outcome === "already-registered") return { toast: REGISTRATION_MESSAGES.success };
      return refusals[outcome];
    },
  });
}
