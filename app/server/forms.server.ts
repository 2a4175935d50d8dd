// Reading form posts defensively (a bounded body, only form content types), parsing them with the
// form's zod schema through conform, and answering a refusal the way every form shows it: the
// errors beside the fields, what was typed kept, and a toast when the form has one.
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { FormAnswer } from "~/lib/form-answer";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import type { Toast } from "~/lib/toast";

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

/** An unreadable body (not a form, too large, forged), answered like any refusal. */
export function refuseBadRequest(error: BadRequest, toast?: Toast) {
  return refuse(null, { formError: error.message, toast }, error.status);
}
