// Correcting a registration at the desk (a misspelt name, one digit wrong in the phone): the form
// in a dialog over the list. Like the admin's delete dialogs (components/admin/confirm-delete.tsx),
// it is opened by a link, here to ?edit=<id>, so without JavaScript the server renders it open;
// with JavaScript the link navigates in place. Closing it goes back to the list as it was; with a
// change not saved, closing it (Escape, ×, Cancel) asks first, as leaving an admin page does.
import { Form, useNavigate } from "react-router";
import { RequiredLabel, useAdminForm } from "~/components/admin/form-kit";
import { Dialog } from "~/components/dialog";
import { DialogCancel } from "~/components/admin/dialog-cancel";
import { mayCloseUnsaved } from "~/components/admin/leave-guard";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import type { FormAnswer } from "~/lib/form-answer";
import { deskEditSchema, OPENED_AT } from "./desk-registration-form";

/** The registration the form corrects, as stored, with the `updated_at` its save is guarded by. */
export type EditedRegistration = { id: number; full_name: string; phone_number: string; email: string | null; updated_at: string };

/** A refused save of the edit form, marked with its registration's id. */
export type EditAnswer = FormAnswer & { edit: number };

/** The page's answer when it is the edit form's refusal (the desk's other forms answer too). */
export function editAnswerOf(answer: unknown): EditAnswer | undefined {
  return answer !== null && typeof answer === "object" && "edit" in answer && typeof answer.edit === "number" ? (answer as EditAnswer) : undefined;
}

type Props = {
  registration: EditedRegistration;
  /** The refusal of this form's last save, if any (what was typed, what is wrong). */
  answer: EditAnswer | undefined;
  /** The list without ?edit: where Cancel and closing go. */
  closeHref: string;
};

export function DeskEditDialog({ registration, answer, closeHref }: Props) {
  const navigate = useNavigate();
  const { form, fields, formProps, pending } = useAdminForm({
    schema: deskEditSchema,
    actionData: answer,
    defaultValue: { full_name: registration.full_name, phone_number: registration.phone_number, email: registration.email ?? "" },
  });
  // After a stale save, the version the refusal answered with: pressing again replaces theirs.
  const answered = answer?.result.initialValue?.[OPENED_AT];
  return (
    <Dialog
      open
      mayClose={mayCloseUnsaved}
      onClose={() => navigate(closeHref, { preventScrollReset: true })}
      opener={() => document.querySelector<HTMLElement>(`[data-edit-registration="${registration.id}"]`)}
      title={`Edit ${registration.full_name}`}
      description="Correct the name, phone number or e-mail address."
      closeHref={closeHref}
    >
      <Form method="post" preventScrollReset {...formProps} className="space-y-4">
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="registration_id" value={registration.id} />
        <input type="hidden" name={OPENED_AT} value={typeof answered === "string" ? answered : registration.updated_at} />
        <FormAlert message={form.errors?.[0]} />
        <TextField field={fields.full_name} label={<RequiredLabel>Full Name</RequiredLabel>} autoComplete="off" />
        <TextField field={fields.phone_number} label={<RequiredLabel>Phone Number</RequiredLabel>} type="tel" inputMode="tel" autoComplete="off" />
        <TextField field={fields.email} label="Email (optional)" type="email" inputMode="email" autoComplete="off" />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogCancel closeHref={closeHref} />
          <SubmitButton pending={pending} pendingLabel="Saving...">
            Save changes
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}
