// The common path of every public form (subscribe, contact, event registration): bounded body,
// honeypot, zod validation, per-address rate limit, then the form's own handling. Two answers:
// - handlePublicForm, a page action's: the answer for a React Router submission, or for a plain
//   HTML post a redirect back with a toast (or, for forms that ask, the page again with the errors);
// - publicFormJson, the JSON endpoints' under /api that the islands script posts to (pages that
//   ship no React, see app/islands).
import { data } from "react-router";
import type { z } from "zod";
import { firstErrors, type FormAnswer } from "~/lib/form-answer";
import type { Toast } from "~/lib/toast";
import { clientAddress } from "./client-address.server";
import { BadRequest, isBotSubmission, isScriptedSubmission, parseSubmission, readFormData, refererPath, refusal } from "./forms.server";
import { consumeRateLimit, type RateLimitRule } from "./rate-limit.server";
import { redirectWithToast } from "./toast.server";

/** What a form's handling did: success (with where a plain post goes next), or a refusal. */
export type Handled =
  | { toast: Toast; redirectTo?: string; registration?: object }
  | { error: string; status: number; field?: string };

/** What a public form is: its schema, its limit, and what it does with a valid submission. */
export type PublicForm<S extends z.ZodType<Record<string, unknown>>> = {
  schema: S;
  rateLimit: RateLimitRule;
  rateLimitedMessage: string;
  /** Stores the submission; returns the success toast, or a failure message with status (and the field it is about). */
  handle: (value: z.output<S>, formData: FormData, request: Request) => Promise<Handled>;
  /** The toast a bot's honeypot submission gets (it looks like success). */
  successToast: Toast;
};

/** The answer, its HTTP status, and whether a plain post may be redirected with its toast (not when
 *  the request was not a readable form), and where to (by default back where it came from). */
type Outcome = { answer: FormAnswer; status: number; redirect: boolean; redirectTo?: string };

const destructive = (title: string, description: string): Toast => ({ title, description, variant: "destructive" });

async function submitPublicForm<S extends z.ZodType<Record<string, unknown>>>(form: PublicForm<S>, request: Request): Promise<Outcome> {
  let formData: FormData;
  let submission;
  try {
    formData = await readFormData(request);
    if (isBotSubmission(formData)) return { answer: { result: { status: "success" }, toast: form.successToast }, status: 200, redirect: true };
    submission = parseSubmission(formData, form.schema);
  } catch (error) {
    // Not a form, too large or forged: a message, nothing to keep, and no redirect.
    if (!(error instanceof BadRequest)) throw error;
    return { answer: refusal(null, { formError: error.message }), status: error.status, redirect: false };
  }

  if (submission.status !== "success") {
    const message = Object.values(firstErrors(submission.reply()))[0] ?? "Please check the form.";
    return { answer: refusal(submission, { toast: destructive("Please check the form", message) }), status: 400, redirect: true };
  }

  if (!(await consumeRateLimit(form.rateLimit, clientAddress(request)))) {
    const toast = destructive("Please wait", form.rateLimitedMessage);
    return { answer: refusal(submission, { formError: form.rateLimitedMessage, toast }), status: 429, redirect: true };
  }

  const handled = await form.handle(submission.value, formData, request);
  if ("error" in handled) {
    const where = handled.field ? { fieldErrors: { [handled.field]: [handled.error] } } : { formError: handled.error };
    return { answer: refusal(submission, { ...where, toast: destructive("Error", handled.error) }), status: handled.status, redirect: true };
  }
  const answer: FormAnswer<{ registration: object }> = { result: { status: "success" }, toast: handled.toast };
  if (handled.registration) answer.registration = handled.registration;
  return { answer, status: 200, redirect: true, redirectTo: handled.redirectTo };
}

type PageActionOptions = {
  /** Where a plain form post returns to when there is no usable Referer. */
  fallbackPath: string;
  /** Where a plain post returns to, given the Referer path (default: that path). */
  redirectPath?: (path: string) => string;
  /**
   * Answer a plain post's refusal with the answer (4xx) so the page renders the form again with what
   * was typed and its errors, instead of redirecting back with a toast (for forms in a dialog).
   */
  renderFailures?: boolean;
};

export async function handlePublicForm<S extends z.ZodType<Record<string, unknown>>>(form: PublicForm<S>, request: Request, options: PageActionOptions) {
  const { answer, status, redirect, redirectTo } = await submitPublicForm(form, request);
  const failed = answer.result.status !== "success";
  if (!redirect || !answer.toast || isScriptedSubmission(request) || (failed && options.renderFailures)) return data(answer, { status });
  const back = redirectTo ?? (options.redirectPath ?? ((path: string) => path))(refererPath(request, options.fallbackPath));
  return redirectWithToast(request, back, answer.toast, { status: 303 });
}

/** The JSON answer: the same answer a page action gives a scripted submission. Never cached. */
export async function publicFormJson<S extends z.ZodType<Record<string, unknown>>>(form: PublicForm<S>, request: Request): Promise<Response> {
  const { answer, status } = await submitPublicForm(form, request);
  return Response.json(answer, { status, headers: { "Cache-Control": "no-store" } });
}
