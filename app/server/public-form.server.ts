// The common path of every public form (subscribe, contact, event registration): bounded body,
// honeypot, per-address rate limit, zod validation, then an answer that suits both a scripted
// submission (data for the form) and a plain HTML post (redirect back with a toast).
import { data } from "react-router";
import type { z } from "zod";
import { fieldNames, readFields, validateValues, type PublicFormResult } from "~/lib/forms";
import type { Toast } from "~/lib/toast";
import { clientAddress } from "./client-address.server";
import { badRequestResponse, isBotSubmission, isScriptedSubmission, readFormData, refererPath } from "./forms.server";
import { consumeRateLimit, type RateLimitRule } from "./rate-limit.server";
import { redirectWithToast } from "./toast.server";

type Options<S extends z.ZodObject> = {
  request: Request;
  schema: S;
  rateLimit: RateLimitRule;
  rateLimitedMessage: string;
  /** Where a plain form post returns to when there is no usable Referer. */
  fallbackPath: string;
  /** Stores the submission; returns the success toast, or a failure message with status. */
  handle: (input: z.output<S>, formData: FormData) => Promise<{ toast: Toast } | { error: string; status: number }>;
  /** The toast a bot's honeypot submission gets (it looks like success). */
  successToast: Toast;
  /** Where a plain post returns to, given the Referer path (default: that path). */
  redirectPath?: (path: string) => string;
  /**
   * Answer a plain post's refusal with the result (4xx) so the page renders the form again with what
   * was typed and its errors, instead of redirecting back with a toast (for forms in a dialog).
   */
  renderFailures?: boolean;
};

export async function handlePublicForm<S extends z.ZodObject>(options: Options<S>) {
  const { request } = options;
  const scripted = isScriptedSubmission(request);
  const back = (options.redirectPath ?? ((path: string) => path))(refererPath(request, options.fallbackPath));

  const respond = (result: PublicFormResult, status: number, toast: Toast) =>
    scripted || (!result.ok && options.renderFailures)
      ? data(result, { status })
      : redirectWithToast(request, back, toast, { status: 303 });

  let formData: FormData;
  try {
    formData = await readFormData(request);
  } catch (error) {
    return badRequestResponse(error);
  }

  if (isBotSubmission(formData)) {
    return respond({ ok: true, message: options.successToast.description ?? options.successToast.title }, 200, options.successToast);
  }

  const validation = validateValues(options.schema, readFields(formData, fieldNames(options.schema)));
  if (!validation.success) {
    const message = Object.values(validation.errors)[0] ?? "Please check the form.";
    return respond({ ok: false, message, errors: validation.errors, values: validation.values }, 400, {
      title: "Please check the form",
      description: message,
      variant: "destructive",
    });
  }

  if (!(await consumeRateLimit(options.rateLimit, clientAddress(request)))) {
    return respond({ ok: false, message: options.rateLimitedMessage, errors: {}, values: validation.values }, 429, {
      title: "Please wait",
      description: options.rateLimitedMessage,
      variant: "destructive",
    });
  }

  const outcome = await options.handle(validation.data, formData);
  if ("error" in outcome) {
    return respond({ ok: false, message: outcome.error, errors: {}, values: validation.values }, outcome.status, {
      title: "Error",
      description: outcome.error,
      variant: "destructive",
    });
  }
  return respond({ ok: true, message: outcome.toast.description ?? outcome.toast.title }, 200, outcome.toast);
}
