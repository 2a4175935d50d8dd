// The steps every public form (subscribe, contact, event and group registration) is made of. The
// form's own action reads top to bottom: readPublicForm (bounded body, honeypot, zod validation,
// per-address rate limit, the bot check while it is on: ./turnstile.server.ts) answers at once what
// cannot go on, or gives the valid submission; the form does its work and says how it went
// (publicFormSuccess or publicFormRefused). That outcome is answered two ways, so one definition
// serves both:
// - answerPublicForm, a page action's: the answer for a React Router submission, or for a plain
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
import { checkBot } from "./turnstile.server";

/** A public form's limit, and the toast a bot's honeypot submission gets (it looks like success). */
export type PublicFormRules = { rateLimit: RateLimitRule; rateLimitedMessage: string; successToast: Toast };

/**
 * What a submission came to: the answer, its HTTP status, and whether a plain post may be
 * redirected with its toast (not when the request was not a readable form), and where to (by
 * default back where it came from).
 */
export type PublicFormOutcome = { answer: FormAnswer; status: number; redirect: boolean; redirectTo?: string };

type ValidSubmission<S extends z.ZodType<Record<string, unknown>>> = Extract<ReturnType<typeof parseSubmission<S>>, { status: "success" }>;

/** A failure of the form's own work: the message, its status, and the field it is about (if any). */
export type PublicFormFailure = { error: string; status: number; field?: string };

const destructive = (title: string, description: string): Toast => ({ title, description, variant: "destructive" });

/**
 * Step 1 of a public form: the valid submission, or (`done`) what to answer at once: a bot's
 * honeypot post (as if it worked), an unreadable body, an invalid form, a client over its limit, a
 * post the bot check refuses (what was typed stays).
 */
export async function readPublicForm<S extends z.ZodType<Record<string, unknown>>>(
  request: Request,
  schema: S,
  rules: PublicFormRules,
): Promise<{ done: PublicFormOutcome } | { submission: ValidSubmission<S>; value: z.output<S> }> {
  let formData: FormData;
  let submission;
  try {
    formData = await readFormData(request);
    if (isBotSubmission(formData)) return { done: { answer: { result: { status: "success" }, toast: rules.successToast }, status: 200, redirect: true } };
    submission = parseSubmission(formData, schema);
  } catch (error) {
    // Not a form, too large or forged: a message, nothing to keep, and no redirect.
    if (!(error instanceof BadRequest)) throw error;
    return { done: { answer: refusal(null, { formError: error.message }), status: error.status, redirect: false } };
  }

  if (submission.status !== "success") {
    const message = Object.values(firstErrors(submission.reply()))[0] ?? "Please check the form.";
    return { done: { answer: refusal(submission, { toast: destructive("Please check the form", message) }), status: 400, redirect: true } };
  }

  if (!(await consumeRateLimit(rules.rateLimit, clientAddress(request)))) {
    const toast = destructive("Please wait", rules.rateLimitedMessage);
    return { done: { answer: refusal(submission, { formError: rules.rateLimitedMessage, toast }), status: 429, redirect: true } };
  }

  const bot = await checkBot(request, formData);
  if (!bot.ok) {
    return { done: { answer: refusal(submission, { formError: bot.message, toast: destructive("Please try again", bot.message) }), status: bot.status, redirect: true } };
  }
  return { submission: submission as ValidSubmission<S>, value: submission.value as z.output<S> };
}

/** The form's work refused the submission (an event full, a message not stored): what was typed stays. */
export function publicFormRefused(submission: ValidSubmission<z.ZodType<Record<string, unknown>>>, failure: PublicFormFailure): PublicFormOutcome {
  const where = failure.field ? { fieldErrors: { [failure.field]: [failure.error] } } : { formError: failure.error };
  return { answer: refusal(submission, { ...where, toast: destructive("Error", failure.error) }), status: failure.status, redirect: true };
}

/** The form's work is done: its toast, where a plain post goes next (default back), and what else the answer carries. */
export function publicFormSuccess(toast: Toast, redirectTo?: string, extra: object = {}): PublicFormOutcome {
  return { answer: { result: { status: "success" }, toast, ...extra }, status: 200, redirect: true, redirectTo };
}

type PageActionOptions = {
  /** Where a plain form post returns to when there is no usable Referer. */
  fallbackPath: string;
  /**
   * Answer a plain post's refusal with the answer (4xx) so the page renders the form again with what
   * was typed and its errors, instead of redirecting back with a toast (for forms in a dialog).
   */
  renderFailures?: boolean;
};

/** A page action's answer. */
export async function answerPublicForm(request: Request, { answer, status, redirect, redirectTo }: PublicFormOutcome, options: PageActionOptions) {
  const failed = answer.result.status !== "success";
  if (!redirect || !answer.toast || isScriptedSubmission(request) || (failed && options.renderFailures)) return data(answer, { status });
  return redirectWithToast(request, redirectTo ?? refererPath(request, options.fallbackPath), answer.toast, { status: 303 });
}

/** The JSON answer: the same answer a page action gives a scripted submission. Never cached. */
export function publicFormJson({ answer, status }: PublicFormOutcome): Response {
  return Response.json(answer, { status, headers: { "Cache-Control": "no-store" } });
}
