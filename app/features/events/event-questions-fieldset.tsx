// The event form's "Registration questions" section (issue 25, part 2): the two built-in questions'
// switches, then one row per question and a few blank rows for new ones. Without JavaScript it is a
// plain part of the form: a row left without a label asks nothing, and clearing an existing
// question's label removes it (its answers are kept).
import type { FieldMetadata } from "@conform-to/react";
import { RadioGroupField, SelectField, SwitchField } from "~/components/admin/form-kit";
import { TextAreaField, TextField } from "~/components/form-fields";
import { BUILT_IN_CHOICES, CUSTOM_QUESTION_KINDS } from "./event-questions";

type QuestionFields = { id?: number; kind?: "text" | "choice" | "yesno"; label?: string; choices?: string; required?: boolean };

type Props = {
  questions: FieldMetadata<QuestionFields[] | undefined, Record<string, unknown>>;
  association: FieldMetadata<"off" | "optional" | "required" | undefined, Record<string, unknown>>;
  church: FieldMetadata<"off" | "optional" | "required" | undefined, Record<string, unknown>>;
  /** Whether the directory has associations to choose from. */
  hasAssociations: boolean;
};

export function EventQuestionsFieldset({ questions, association, church, hasAssociations }: Props) {
  const rows = questions.getFieldList();
  const listError = questions.errors?.[0];
  return (
    <fieldset className="space-y-5 rounded-lg border border-stone-200 p-4">
      <legend className="px-1 text-sm font-semibold text-stone-900">Registration questions</legend>
      <p className="text-sm text-stone-600">
        Asked on the registration form, after name and phone. Answers show on the registration desk and at the door, and in the CSV
        export.
      </p>
      <RadioGroupField
        field={association}
        legend={hasAssociations ? "Association (chosen from the associations directory)" : "Association (the directory is empty: people can only choose “Other / not listed”)"}
        options={[...BUILT_IN_CHOICES]}
        className="grid gap-2 sm:grid-cols-3"
      />
      <RadioGroupField field={church} legend="Church (typed)" options={[...BUILT_IN_CHOICES]} className="grid gap-2 sm:grid-cols-3" />
      {listError ? <p className="text-sm font-medium text-red-700">{listError}</p> : null}
      {rows.map((row, index) => {
        const fields = row.getFieldset();
        const known = Boolean(fields.id.initialValue);
        return (
          <fieldset key={row.key} className="space-y-3 rounded-md border border-stone-200 bg-stone-50 p-3">
            <legend className="px-1 text-sm font-medium text-stone-800">{known ? `Question ${index + 1}` : `New question ${index + 1}`}</legend>
            {known ? <input type="hidden" name={fields.id.name} defaultValue={fields.id.initialValue} /> : null}
            <TextField
              field={fields.label}
              label="Question"
              placeholder="e.g. Do you need accommodation?"
              hint={known ? "Clear the question to stop asking it; answers already given are kept." : "Leave empty to ask nothing."}
            />
            <SelectField field={fields.kind} label="Type of answer" options={[...CUSTOM_QUESTION_KINDS]} />
            <TextAreaField field={fields.choices} label="Choices (for “One choice from a list”)" rows={3} hint="One choice per line." />
            <SwitchField field={fields.required} label="Answer required" />
          </fieldset>
        );
      })}
    </fieldset>
  );
}
