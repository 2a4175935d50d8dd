// Reading form posts defensively: a bounded body, only form content types, and helpers to answer
// scripted (fetcher) and plain HTML submissions alike.
import { data } from "react-router";
import { HONEYPOT_FIELD, type FieldErrors, type FormValues } from "~/lib/forms";

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

/** A filled honeypot means a bot: we answer as if it worked and store nothing. */
export function isBotSubmission(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/** True for submissions made by React Router's fetch (JavaScript on), false for a plain HTML form post. */
export function isScriptedSubmission(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
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

/** Turns a BadRequest into a 4xx answer with its message; anything else is rethrown. */
export function badRequestResponse(error: unknown) {
  if (error instanceof BadRequest) {
    const errors: FieldErrors = {};
    const values: FormValues = {};
    return data({ ok: false as const, message: error.message, errors, values }, { status: error.status });
  }
  throw error;
}
