// What every form action answers when it does not redirect, and what the public forms' JSON
// endpoints send the islands: conform's submission result (each field's errors, the whole form's
// under "", and what was typed, to show again) and, when there is one, the toast to show.
import type { SubmissionResult } from "@conform-to/react";
import type { ShouldRevalidateFunction } from "react-router";
import type { Toast } from "~/lib/toast";

/**
 * `Extra`: what a form adds to its success answer (an event registration adds `registration`, what
 * the person sees next: features/events/registration-view.ts).
 */
export type FormAnswer<Extra extends object = object> = { result: SubmissionResult<string[]>; toast?: Toast } & Partial<Extra>;

/** The message about the whole form (not one field), if any. */
export function formErrorOf(result: SubmissionResult<string[]> | undefined): string | undefined {
  return result?.error?.[""]?.[0];
}

/** The first message of each field that has one ("" is the whole form). */
export function firstErrors(result: SubmissionResult<string[]> | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(result?.error ?? {})) {
    if (messages?.[0]) errors[name] = messages[0];
  }
  return errors;
}

/** What a refusal says in one line: about the whole form, else its toast, else the first field's message. */
export function messageOf(answer: FormAnswer): string | undefined {
  return formErrorOf(answer.result) ?? answer.toast?.description ?? Object.values(firstErrors(answer.result))[0];
}

/** The answer when it is a refusal, else null (no answer yet, or a success). */
export function refusalOf(answer: FormAnswer | undefined | null): FormAnswer | null {
  return answer && answer.result.status !== "success" ? answer : null;
}

/**
 * A page's `shouldRevalidate` where a refusal (409) means someone else acted first: its data is read
 * again, so the page shows what they did (a History lists their save; a message page lists the
 * message they sent) beside the refusal that names it. React Router reads nothing again after a 4xx
 * answer by itself. What was typed stays: a form keeps its own values.
 */
export const readAgainAfterConflict: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) => actionStatus === 409 || defaultShouldRevalidate;
