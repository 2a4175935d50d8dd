// Registering for an event, shared by /events and /events/{id} (their actions, for a plain post)
// and by /api/registrations (the dialog's island, JSON): honeypot, per-address rate limit and the
// form's schema, then the guarded insert.
import { REGISTRATION_MESSAGES, registrationSchema } from "~/forms/registration";
import { registerForEvent } from "~/models/registration.server";
import { handlePublicForm, type PublicForm } from "~/server/public-form.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";

const refusals = {
  "event-not-found": { error: REGISTRATION_MESSAGES.eventNotFound, status: 404 },
  "registration-closed": { error: REGISTRATION_MESSAGES.closed, status: 409 },
} as const;

export const registrationForm: PublicForm<typeof registrationSchema> = {
  schema: registrationSchema,
  rateLimit: RATE_LIMITS.registrationPerAddress,
  rateLimitedMessage: REGISTRATION_MESSAGES.rateLimited,
  successToast: REGISTRATION_MESSAGES.success,
  async handle(input) {
    const outcome = await registerForEvent(input);
    if (outcome === "registered" || outcome === "already-registered") return { toast: REGISTRATION_MESSAGES.success };
    return refusals[outcome];
  },
};

/** The page a plain (no JavaScript) registration returns to: where it came from, dialog closed. */
function withoutRegisterParam(path: string): string {
  const url = new URL(path, "http://localhost");
  url.searchParams.delete("register");
  return `${url.pathname}${url.search}`;
}

/**
 * The action of /events and /events/{id}, for a plain post (no JavaScript): success redirects back
 * with the toast; a refusal renders the page again with the dialog open, what was typed and the
 * errors. With JavaScript the dialog posts to /api/registrations instead (workers/api).
 */
export function registrationAction(request: Request, fallbackPath: string) {
  return handlePublicForm(registrationForm, request, { fallbackPath, redirectPath: withoutRegisterParam, renderFailures: true });
}
