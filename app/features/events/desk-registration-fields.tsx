// The form that adds a person by hand: on the desk ("Add a registration") and at the door ("Add
// walk-in"). Both post deskRegistrationSchema to their page's action; only the words, the intent,
// whether the over-capacity switch shows and the event's questions (asked at the desk) differ.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { RequiredLabel, SwitchField, useAdminForm, useFreshAfterSave } from "~/components/admin/form-kit";
import { SubmitButton, TextField } from "~/components/form-fields";
import type { FormAnswer } from "~/lib/form-answer";
import { deskRegistrationSchema } from "./desk-registration-form";
import type { AssociationChoice, EventQuestion } from "./event-questions";
import { fieldStateOf, QuestionInputs } from "./question-inputs";

type Props = {
  actionData: FormAnswer | undefined;
  intent: "add" | "walk-in";
  summary: string;
  intro?: ReactNode;
  sharedPhoneHint: string;
  /** The over-capacity switch's hint; null leaves the switch out (a door volunteer never goes over). */
  overCapacityHint: string | null;
  submitLabel: string;
  className: string;
  /** The event's questions, asked as on the public form (the desk; a walk-in at the door is asked none). */
  questions?: readonly EventQuestion[];
  associations?: readonly AssociationChoice[];
};

export function DeskRegistrationForm({ actionData, intent, summary, intro, sharedPhoneHint, overCapacityHint, submitLabel, className, questions = [], associations = [] }: Props) {
  const { fields, formProps, pending } = useAdminForm({ schema: deskRegistrationSchema, actionData });
  const refused = actionData !== undefined && actionData.result.status !== "success";
  // Afresh after an add; as typed, with the errors, after a refusal.
  const formKey = useFreshAfterSave(refused);
  return (
    <details open={refused || undefined} className={className}>
      <summary className="disclosure-chevron cursor-pointer px-4 py-3 font-semibold text-stone-900">{summary}</summary>
      <Form method="post" {...formProps} key={formKey} className="space-y-4 border-t border-stone-200 p-4">
        <input type="hidden" name="intent" value={intent} />
        {intro}
        <TextField field={fields.full_name} label={<RequiredLabel>Full Name</RequiredLabel>} autoComplete="off" />
        <TextField field={fields.phone_number} label={<RequiredLabel>Phone Number</RequiredLabel>} type="tel" inputMode="tel" autoComplete="off" />
        <TextField field={fields.email} label="Email (optional)" type="email" inputMode="email" autoComplete="off" />
        {questions.length ? <QuestionInputs questions={questions} associations={associations} state={fieldStateOf(refused ? actionData.result : undefined)} idPrefix="desk-q" markRequired /> : null}
        <SwitchField field={fields.shared_phone} label="Shares a phone" hint={sharedPhoneHint} />
        {overCapacityHint === null ? null : <SwitchField field={fields.over_capacity} label="Go over the capacity" hint={overCapacityHint} />}
        {fields.over_capacity.errors?.[0] ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {fields.over_capacity.errors[0]}
          </p>
        ) : null}
        <SubmitButton pending={pending} pendingLabel="Adding...">
          {submitLabel}
        </SubmitButton>
      </Form>
    </details>
  );
}
