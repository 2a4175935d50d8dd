// An event's registration questions (issue 25, part 2; docs/decisions/023-questions-and-groups.md):
// what staff set in the event form (the rows of its "Registration questions" section and the two
// built-in questions, Association and Church), and the checking of a registrant's answers, which the
// server does for every way of registering (the page, the API, a group's lines), whatever the
// browser checked. Browser-safe: the forms render the same limits.
import { z } from "zod";
import type { QUESTION_KINDS } from "~/lib/stored-choices";
import { ALWAYS, checkbox, optionalText, withoutDirectionControls } from "../../lib/schema-fields";
import { checkEventEnd, eventSchema } from "./event-form";

export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** A question as a form asks it. `choices` only for the choice type. */
export type EventQuestion = { id: number; kind: QuestionKind; label: string; choices: string[]; required: boolean };

/** An association a registrant may pick (the directory's active ones). */
export type AssociationChoice = { id: number; name: string; region: string };

export const QUESTION_LIMITS = { label: 120, choices: 1000, choice: 80, answer: 200, questions: 20, blankRows: 3 } as const;

/** The Association question's value for a church not in the directory. */
export const OTHER_ASSOCIATION = "other";
export const OTHER_ASSOCIATION_LABEL = "Other / not listed";

export const BUILT_IN_LABELS = { association: "Association", church: "Church" } as const;

export const QUESTION_MESSAGES = {
  required: "Please answer this question",
  notInList: "Please choose one of the answers in the list",
  /** An association chosen on a form opened before staff took it off the directory (or a made-up id). */
  associationGone: `This association is no longer listed: please choose it again from the list, or "Other / not listed"`,
  tooLong: `Please keep this under ${QUESTION_LIMITS.answer} characters`,
  fewChoices: "Write at least two choices, one per line",
  choiceTooLong: `Please keep each choice under ${QUESTION_LIMITS.choice} characters`,
  tooMany: `An event can ask at most ${QUESTION_LIMITS.questions} questions`,
} as const;

/** The types staff choose from for their own questions. */
export const CUSTOM_QUESTION_KINDS = [
  { value: "text", label: "Short text" },
  { value: "choice", label: "One choice from a list" },
  { value: "yesno", label: "Yes / no" },
] as const;

/** The built-in questions' switch in the event form. */
export const BUILT_IN_CHOICES = [
  { value: "off", label: "Don't ask" },
  { value: "optional", label: "Ask" },
  { value: "required", label: "Ask, answer required" },
] as const;

/** A choice question's list as typed (one per line): trimmed, blank lines and repeats dropped. */
export function choicesOf(text: string | null | undefined): string[] {
  return [...new Set((text ?? "").split(/\r?\n/).map((line) => line.trim()).filter(Boolean))];
}

/** One row of the event form's questions. A row left without a label asks nothing (an existing one is removed). */
const questionRowSchema = z
  .object({
    id: z.number().int().positive().optional(),
    kind: z.enum(["text", "choice", "yesno"]).default("text"),
    label: optionalText(QUESTION_LIMITS.label),
    choices: optionalText(QUESTION_LIMITS.choices),
    required: checkbox(),
  })
  .superRefine((row, ctx) => {
    if (!row.label || row.kind !== "choice") return;
    const choices = choicesOf(row.choices);
    if (choices.length < 2) ctx.addIssue({ code: "custom", path: ["choices"], message: QUESTION_MESSAGES.fewChoices });
    else if (choices.some((choice) => choice.length > QUESTION_LIMITS.choice)) ctx.addIssue({ code: "custom", path: ["choices"], message: QUESTION_MESSAGES.choiceTooLong });
  });

export type QuestionRow = z.output<typeof questionRowSchema>;

const builtInSchema = z.enum(["off", "optional", "required"]).default("off");
export type BuiltInSetting = z.output<typeof builtInSchema>;

/** The event form's questions section, added to its schema. */
export const eventQuestionsShape = {
  questions: z
    .array(questionRowSchema)
    .max(QUESTION_LIMITS.questions + QUESTION_LIMITS.blankRows, QUESTION_MESSAGES.tooMany)
    .default([])
    .refine((rows) => rows.filter((row) => row.label).length <= QUESTION_LIMITS.questions, QUESTION_MESSAGES.tooMany),
  association_question: builtInSchema,
  church_question: builtInSchema,
};

/** The whole event form: the event's fields and its questions; its end after its start. */
export const eventFormSchema = eventSchema.extend(eventQuestionsShape).superRefine(checkEventEnd, ALWAYS);

/** The event's own fields of a valid event form (without its questions). */
export function eventFieldsOf<T extends Record<string, unknown>>(value: T & { questions: unknown; association_question: unknown; church_question: unknown }) {
  const { questions: _q, association_question: _a, church_question: _c, ...event } = value;
  return event;
}

/** What the event form starts from: the questions asked now, then blank rows for new ones. */
export function questionFormValues(questions: readonly EventQuestion[]) {
  const custom = questions.filter((q) => q.kind !== "association" && q.kind !== "church");
  const builtIn = (kind: "association" | "church"): BuiltInSetting => {
    const question = questions.find((q) => q.kind === kind);
    return question ? (question.required ? "required" : "optional") : "off";
  };
  return {
    questions: [
      ...custom.map((q) => ({ id: String(q.id), kind: q.kind, label: q.label, choices: q.choices.join("\n"), required: q.required ? "on" : undefined })),
      ...Array.from({ length: QUESTION_LIMITS.blankRows }, () => ({ kind: "text" })),
    ],
    association_question: builtIn("association"),
    church_question: builtIn("church"),
  };
}

// ----- Answers ----------------------------------------------------------------------------------

/** The form field of a question's answer; `prefix` for a group's line ("men[3].answer_12"). */
export function answerFieldName(questionId: number, prefix = ""): string {
  return `${prefix}answer_${questionId}`;
}

/** One answer to store: the question's id and its label as asked (a snapshot), the value, and the association's id. */
export type Answer = { question_id: number; label: string; value: string; association_id: number | null };

/** An answer as the desk and the door show it. */
export type ShownAnswer = { label: string; value: string };

/** Confirmed, waiting and checked-in registrations of one association (or region). */
export type AssociationCount = { name: string; region: string; confirmed: number; waitlisted: number; checkedIn: number };

export type CheckedAnswers = { answers: Answer[]; errors: Record<string, string> };

/**
 * Checks the answers posted for `questions` (read by field name): required answers, choices from
 * the list, an association from the directory (or Other), lengths. Errors are keyed by field name.
 */
export function checkAnswers(
  questions: readonly EventQuestion[],
  read: (name: string) => unknown,
  associations: readonly AssociationChoice[],
  prefix = "",
): CheckedAnswers {
  const answers: Answer[] = [];
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const name = answerFieldName(question.id, prefix);
    const raw = read(name);
    const typed = typeof raw === "string" ? withoutDirectionControls(raw).trim() : "";
    if (!typed) {
      if (question.required) errors[name] = QUESTION_MESSAGES.required;
      continue;
    }
    const stored = storedAnswer(question, typed, associations);
    if (typeof stored === "string") errors[name] = stored;
    else answers.push({ question_id: question.id, label: question.label, ...stored });
  }
  return { answers, errors };
}

/** What is stored for one non-blank answer, or the message refusing it. */
function storedAnswer(question: EventQuestion, typed: string, associations: readonly AssociationChoice[]): Pick<Answer, "value" | "association_id"> | string {
  switch (question.kind) {
    case "choice":
      return question.choices.includes(typed) ? { value: typed, association_id: null } : QUESTION_MESSAGES.notInList;
    case "yesno":
      return typed === "yes" || typed === "no" ? { value: typed === "yes" ? "Yes" : "No", association_id: null } : QUESTION_MESSAGES.notInList;
    case "association": {
      if (typed === OTHER_ASSOCIATION) return { value: OTHER_ASSOCIATION_LABEL, association_id: null };
      const association = /^\d{1,10}$/.test(typed) ? associations.find((a) => a.id === Number(typed)) : undefined;
      if (association) return { value: association.name, association_id: association.id };
      return /^\d{1,10}$/.test(typed) ? QUESTION_MESSAGES.associationGone : QUESTION_MESSAGES.notInList;
    }
    default:
      return typed.length > QUESTION_LIMITS.answer ? QUESTION_MESSAGES.tooLong : { value: typed, association_id: null };
  }
}
