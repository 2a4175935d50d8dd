// The common path of every public form (subscribe, contact, event registration): bounded body,
// honeypot, per-address rate limit, zod validation, then the form's own handling. Two answers:
// - handlePublicForm, a page action's: data for a React Router submission, or for a plain HTML post
//   a redirect back with a toast (or, for forms that ask, the page again with the errors);
// - publicFormJson, the JSON endpoints' under /api that the islands script posts to (pages that
//   ship no React, see app/islands).
import { data } from "react-router";
import type { z } from "zod";
import { fieldNames, readFields, validateValues, type PublicFormResult } from "~/lib/forms";
import type { Toast } from "~/lib/toast";
import { clientAddress } from "./client-address.server";
import { BadRequest, isBotSubmission, isScriptedSubmission, readFormData, refererPath } from "./forms.server";
import { consumeRateLimit, type RateLimitRule } from "./rate-limit.server";
import { redirectWithToast } from "./toast.server";

/** What a public form is: its schema, its limits and what it does with a valid submission. */
export type PublicForm<S extends z.ZodObject> = {
  schema: S;
  rateLimit: RateLimitRule;
  rateLimitedMessage: string;
  /** Stores the submission; returns the success toast, or a failure message with status. */
  handle: (input: z.output<S>, formData: FormData) => Promise<{ toast: Toast } | { error: string; status: number }>;
  /** The toast a bot's honeypot submission gets (it looks like success). */
  successToast: Toast;
};

/** The result for the form, its HTTP status, and the toast a plain post is redirected with (none when
 *  the request was not a readable form: that answer is never a redirect). */
type Outcome = { result: PublicFormResult; status: number; toast?: Toast };

async function submitPublicForm<S extends z.ZodObject>(form: PublicForm<S>, request: Request): Promise<Outcome> {
  let formData: FormData;
  try {
    formData = await readFormData(request);
  } catch (error) {
    // Not a form, or too large: a message, nothing to keep, and no redirect.
    if (!(error instanceof BadRequest)) throw error;
    return { result: { ok: false, message: error.message, errors: {}, values: {} }, status: error.status };
  }

  if (isBotSubmission(formData)) {
    return { result: { ok: true, message: form.successToast.description ?? form.successToast.title }, status: 200, toast: form.successToast };
  }

  const validation = validateValues(form.schema, readFields(formData, fieldNames(form.schema)));
  if (!validation.success) {
    const message = Object.values(validation.errors)[0] ?? "Please check the form.";
    return {
      result: { ok: false, message, errors: validation.errors, values: validation.values },
      status: 400,
      toast: { title: "Please check the form", description: message, variant: "destructive" },
    };
  }

  if (!(await consumeRateLimit(form.rateLimit, clientAddress(request)))) {
    return {
      result: { ok: false, message: form.rateLimitedMessage, errors: {}, values: validation.values },
      status: 429,
      toast: { title: "Please wait", description: form.rateLimitedMessage, variant: "destructive" },
    };
  }

  const handled = await form.handle(validation.data, formData);
  if ("error" in handled) {
    return {
      result: { ok: false, message: handled.error, errors: {}, values: validation.values },
      status: handled.status,
      toast: { title: "Error", description: handled.error, variant: "destructive" },
    };
  }
  return { result: { ok: true, message: handled.toast.description ?? handled.toast.title }, status: 200, toast: handled.toast };
}

type PageActionOptions = {
  /** Where a plain form post returns to when there is no usable Referer. */
  fallbackPath: string;
  /** Where a plain post returns to, given the Referer path (default: that path). */
  redirectPath?: (path: string) => string;
  /**
   * Answer a plain post's refusal with the result (4xx) so the page renders the form again with what
   * was typed and its errors, instead of redirecting back with a toast (for forms in a dialog).
   */
  renderFailures?: boolean;
};

export async function handlePublicForm<S extends z.ZodObject>(form: PublicForm<S>, request: Request, options: PageActionOptions) {
  const { result, status, toast } = await submitPublicForm(form, request);
  if (!toast || isScriptedSubmission(request) || (!result.ok && options.renderFailures)) return data(result, { status });
  const back = (options.redirectPath ?? ((path: string) => path))(refererPath(request, options.fallbackPath));
  return redirectWithToast(request, back, toast, { status: 303 });
}

/** The JSON answer: the same result a page action gives a scripted submission. Never cached. */
export async function publicFormJson<S extends z.ZodObject>(form: PublicForm<S>, request: Request): Promise<Response> {
  const { result, status } = await submitPublicForm(form, request);
  return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
}
