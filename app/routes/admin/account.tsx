// /admin/account: change your own password; add and remove other admins (never the last one).
import { getFormProps, useForm, type Submission } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { TrashIcon } from "~/components/icons";
import { adminContext } from "~/context";
import { addAdminSchema, changePasswordSchema, NEW_PASSWORD_HINT } from "~/forms/account";
import { firstErrors, formErrorOf, type FormAnswer } from "~/forms/answer";
import { formatInSiteZone } from "~/lib/time";
import { addAdmin, changePassword, getPasswordHash, listAdmins, removeAdmin } from "~/models/admin.server";
import { intentOf, MAX_ADMIN_FORM_BYTES, parseId } from "~/server/admin-actions.server";
import { continuedSessionCookie } from "~/server/auth.server";
import { BadRequest, parseSubmission, readFormData, refusal, type Refusal } from "~/server/forms.server";
import { hashPassword, verifyPassword } from "~/server/password.server";
import { checkNewPassword } from "~/server/password-policy.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Account | Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const me = context.get(adminContext);
  return { me: { id: me.id, email: me.email }, admins: await listAdmins() };
}

type AccountForm = "password" | "add-admin" | "remove-admin";
/** The page's answer: which of its forms was refused, and how. */
type AccountAnswer = FormAnswer & { form: AccountForm };

function refused(form: AccountForm, submission: Submission<unknown> | null, reason: Refusal, status = 400) {
  return data<AccountAnswer>({ ...refusal(submission, reason), form }, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = context.get(adminContext);
  let formData: FormData;
  try {
    formData = await readFormData(request, MAX_ADMIN_FORM_BYTES);
  } catch (error) {
    if (!(error instanceof BadRequest)) throw error;
    return refused("password", null, { formError: "The form could not be read. Please try again." }, error.status);
  }

  switch (intentOf(formData)) {
    case "change-password": {
      const submission = parseSubmission(formData, changePasswordSchema);
      const hidden = { hideFields: ["current_password", "new_password", "confirm_password"] };
      if (submission.status !== "success") return refused("password", submission, { ...hidden, formError: firstMessage(submission) });
      const hash = await getPasswordHash(me.id);
      if (!hash || !(await verifyPassword(submission.value.current_password, hash))) {
        const wrong = "That is not your current password";
        return refused("password", submission, { ...hidden, formError: wrong, fieldErrors: { current_password: [wrong] } });
      }
      const weak = await checkNewPassword(submission.value.new_password, me.email);
      if (weak) return refused("password", submission, { ...hidden, formError: weak, fieldErrors: { new_password: [weak] } });
      const updated = await changePassword(me.id, await hashPassword(submission.value.new_password));
      if (!updated) return refused("password", submission, { ...hidden, formError: "Failed to change the password. Please try again." }, 500);
      // Other devices are signed out; this one continues with a fresh session.
      return redirectWithToast(
        request,
        "/admin/account",
        { title: "Password changed", description: "Other devices have been signed out." },
        { headers: { "Set-Cookie": await continuedSessionCookie(request, updated) } },
      );
    }
    case "add-admin": {
      const submission = parseSubmission(formData, addAdminSchema);
      const hidden = { hideFields: ["password"] };
      if (submission.status !== "success") return refused("add-admin", submission, { ...hidden, formError: firstMessage(submission) });
      const weak = await checkNewPassword(submission.value.password, submission.value.email);
      if (weak) return refused("add-admin", submission, { ...hidden, formError: weak, fieldErrors: { password: [weak] } });
      if (!(await addAdmin(submission.value.email, await hashPassword(submission.value.password)))) {
        const taken = "An admin with this email already exists.";
        return refused("add-admin", submission, { ...hidden, formError: taken, fieldErrors: { email: [taken] } }, 409);
      }
      return redirectWithToast(request, "/admin/account", { title: "Admin added", description: `${submission.value.email} can now sign in.` });
    }
    case "remove-admin": {
      const id = parseId(String(formData.get("id") ?? ""));
      if (!id || id === me.id) return refused("remove-admin", null, { formError: "You cannot remove your own account." });
      if (!(await removeAdmin(id))) return refused("remove-admin", null, { formError: "The last admin cannot be removed." }, 409);
      return redirectWithToast(request, "/admin/account", { title: "Admin removed" });
    }
    default:
      return refused("password", null, { formError: "Unknown action." });
  }
}

/** The first thing wrong with a refused form, for its alert. */
function firstMessage(submission: Submission<unknown>): string {
  return Object.values(firstErrors(submission.reply()))[0] ?? "Please check the form.";
}

const passwordConstraint = getZodConstraint(changePasswordSchema);
const addAdminConstraint = getZodConstraint(addAdminSchema);

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const answerFor = (form: AccountForm) => (actionData?.form === form ? actionData : undefined);
  const removeResult = answerFor("remove-admin");
  const [passwordForm, password] = useForm({ id: "change-password", lastResult: answerFor("password")?.result, constraint: passwordConstraint });
  const [addForm, add] = useForm({ id: "add-admin", lastResult: answerFor("add-admin")?.result, constraint: addAdminConstraint });

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900">Account</h1>

      <section aria-labelledby="password-heading" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="password-heading" className="text-lg font-semibold text-stone-900">
          Change your password
        </h2>
        <p className="mt-1 text-sm text-stone-600">Signed in as {loaderData.me.email}. Changing the password signs out your other devices.</p>
        <Form method="post" {...getFormProps(passwordForm)} className="mt-4 space-y-4">
          <FormAlert message={formErrorOf(answerFor("password")?.result)} />
          <TextField field={password.current_password} label="Current password" type="password" autoComplete="current-password" />
          <TextField field={password.new_password} label="New password" type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} />
          <TextField field={password.confirm_password} label="Confirm new password" type="password" autoComplete="new-password" />
          <SubmitButton name="intent" value="change-password" pending={busy("change-password")} pendingLabel="Saving...">
            Change password
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="admins-heading" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="admins-heading" className="text-lg font-semibold text-stone-900">
          Admins
        </h2>
        <FormAlert message={formErrorOf(removeResult?.result)} />
        <ul className="mt-3 divide-y divide-stone-200">
          {loaderData.admins.map((admin) => (
            <li key={admin.id} className="flex items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-stone-900">{admin.email}</p>
                <p className="text-sm text-stone-600">
                  {admin.last_login_at ? `Last signed in ${formatInSiteZone(admin.last_login_at, "MMM d, yyyy HH:mm")}` : "Has not signed in yet"}
                </p>
              </div>
              {admin.id === loaderData.me.id ? (
                <span className="text-sm text-stone-600">You</span>
              ) : (
                <Form method="post" onSubmit={(event) => {
                  if (!window.confirm(`Remove ${admin.email}? They will no longer be able to sign in.`)) event.preventDefault();
                }}>
                  <input type="hidden" name="id" value={admin.id} />
                  <button type="submit" name="intent" value="remove-admin" aria-label={`Remove ${admin.email}`} className="inline-flex size-10 items-center justify-center rounded-md text-red-700 hover:bg-red-50">
                    <TrashIcon className="size-5" />
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>

        <h3 className="mt-6 font-semibold text-stone-900">Add an admin</h3>
        <Form method="post" {...getFormProps(addForm)} className="mt-3 space-y-4">
          <FormAlert message={formErrorOf(answerFor("add-admin")?.result)} />
          <TextField field={add.email} label="Email" type="email" autoComplete="off" />
          <TextField field={add.password} label="Temporary password" type="password" autoComplete="new-password" hint={`${NEW_PASSWORD_HINT} Ask them to change it after signing in.`} />
          <SubmitButton name="intent" value="add-admin" pending={busy("add-admin")} pendingLabel="Adding..." variant="secondary">
            Add admin
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
