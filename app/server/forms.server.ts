// Reading form posts defensively (a bounded body, only form content types), parsing them with the
// form's zod schema through conform, and answering a refusal the way every form shows it: the
// errors beside the fields, what was typed kept, and a toast when the form has one.
// Below, the steps every public form is made of (readPublicForm, answerPublicForm, publicFormJson).
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { firstErrors, type FormAnswer } from "~/lib/form-answer";
import { HONEYPOT_FIELD } from "~/lib/bot-check";
import type { Toast } from "~/lib/toast";
import { checkBot, clientAddress, consumeRateLimit, type RateLimitRule } from "./abuse.server";
import { redirectWithToast } from "./toast.server";

export const MAX_FORM_BYTES = 64 * 1024;

export class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** The request's form data, refusing other content types and bodies over `maxBytes`. */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    throw new BadRequest("Please submit this form from the website.", 415);
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new BadRequest("That submission is too large.", 413);

  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new BadRequest("That submission is too large.", 413);
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return await new Response(body, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new BadRequest("The form could not be read. Please try again.");
  }
}

/**
 * The submission of `schema` from posted form data. A forged conform control field (`__intent__`)
 * is a bad request, not a server error.
 */
export function parseSubmission<S extends z.ZodType>(formData: FormData, schema: S) {
  try {
    return parseWithZod(formData, { schema });
  } catch {
    throw new BadRequest("The form could not be read. Please try again.");
  }
}

/** `readFormData` with a refused body as a value, so an action reads `if (form instanceof BadRequest) return …`. */
export async function readFormOrBadRequest(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData | BadRequest> {
  try {
    return await readFormData(request, maxBytes);
  } catch (error) {
    if (error instanceof BadRequest) return error;
    throw error;
  }
}

/** The submission of `schema` from the request's form, or why its body was refused. */
export async function readSubmission<S extends z.ZodType>(request: Request, schema: S): Promise<ReturnType<typeof parseSubmission<S>> | BadRequest> {
  const formData = await readFormOrBadRequest(request);
  if (formData instanceof BadRequest) return formData;
  try {
    return parseSubmission(formData, schema);
  } catch (error) {
    if (error instanceof BadRequest) return error;
    throw error;
  }
}

/** A filled honeypot means a bot: we answer as if it worked and store nothing. */
export function isBotSubmission(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/** True for submissions made by React Router's fetch (JavaScript on), false for a plain HTML form post. */
export function isScriptedSubmission(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/**
 * The page a form was posted to, with its query (a filter, a search), for redirecting back to it:
 * without React Router's `.data` suffix and its own `_routes`/`index` parameters.
 */
export function postedPagePath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") || "/";
  return `${pathname}${url.search}`;
}

/** The same-origin page the visitor submitted from, for redirecting a plain form post back. */
export function refererPath(request: Request, fallback: string): string {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(request.url).origin) return fallback;
    // A page at "//evil.example/..." of this site would make "Location: //evil.example/...",
    // which browsers read as another site: never redirect there.
    if (url.pathname.startsWith("//")) return fallback;
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}

export type Refusal = {
  /** A message about the whole form rather than one field. */
  formError?: string;
  /** Messages for fields the schema could not judge (a slug already taken, a wrong password). */
  fieldErrors?: Record<string, string[]>;
  /** Fields whose typed value is never sent back (passwords). */
  hideFields?: string[];
  toast?: Toast;
};

/** The answer to a refused submission; without one (the body could not be read) only the message. */
export function refusal(submission: Submission<unknown> | null, { formError, fieldErrors, hideFields, toast }: Refusal = {}): FormAnswer {
  const result = submission
    ? submission.reply({ ...(formError ? { formErrors: [formError] } : {}), ...(fieldErrors ? { fieldErrors } : {}), hideFields })
    : { status: "error" as const, error: formError ? { "": [formError] } : {} };
  return toast ? { result, toast } : { result };
}

/** A page action's refusal: the page renders again with the errors and what was typed. */
export function refuse(submission: Submission<unknown> | null, refused: Refusal = {}, status = 400) {
  return data<FormAnswer>(refusal(submission, refused), { status });
}

// ----- Public forms ------------------------------------------------------------------------------
// The steps every public form (subscribe, contact, event and group registration) is made of. The
// form's own action reads top to bottom: readPublicForm (bounded body, honeypot, zod validation,
// per-address rate limit, the bot check while it is on: ./abuse.server.ts) answers at once what
// cannot go on, or gives the valid submission; the form does its work and says how it went
// (publicFormSuccess or publicFormRefused). That outcome is answered two ways, so one definition
// serves both:
// - answerPublicForm, a page action's: the answer for a React Router submission, or for a plain
//   HTML post a redirect back with a toast (or, for forms that ask, the page again with the errors);
// - publicFormJson, the JSON endpoints' under /api that the islands script posts to (pages that
//   ship no React, see app/islands).

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
