// /admin/account: change your own password (every role); and, for Administrators only, add
// accounts with a role, change an account's role, remove one (never the last Administrator). Those
// three ask for the current password again, are written to the activity log and shown on every
// Administrator's dashboard.
import { getFormProps, useForm, type Submission } from "@conform-to/react";
import { formConstraints } from "~/lib/form-constraints";
import { data, Form, Link, useNavigation } from "react-router";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { useFreshAfterSave } from "~/components/admin/form-kit";
import { ACCOUNT_MESSAGES, addAccountSchema, adminContext, sessionIdContext, type AdminRole, changePasswordSchema, manageAccountSchema, NEW_PASSWORD_HINT, ROLE_LABELS } from "~/features/accounts";
import { firstErrors, formErrorOf, type FormAnswer } from "~/lib/form-answer";
import { formatInSiteZone } from "~/lib/time";
import { addAdmin, type AdminIdentity, announceAccountChange, announceOwnPasswordChange, changePassword, checkNewPassword, checkOwnPassword, continuedSessionCookie, hashPassword, listAdmins, logRefusal, removeAdmin, setRole } from "~/features/accounts/index.server";
import { intentOf, MAX_ADMIN_FORM_BYTES } from "~/server/admin-actions.server";
import { BadRequest, parseSubmission, readFormOrBadRequest, refusal, type Refusal } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { siteSettings, storedSettings } from "~/features/settings/index.server";
import type { Route } from "./+types/account";

/** The ministry's names as the settings hold them: a new password may not contain them. */
const organisationSettings = async () => siteSettings(await storedSettings()).organisation;

export const meta: Route.MetaFunction = () => [{ title: "Account | Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const me = context.get(adminContext);
  // Only Administrators see the other accounts.
  return { me: { id: me.id, email: me.email, role: me.role }, admins: me.role === "admin" ? await listAdmins() : [] };
}

type AccountForm = "password" | "add-account" | "manage-account";
/** The page's answer: which of its forms was refused, and how (and for which account). */
type AccountAnswer = FormAnswer & { form: AccountForm; accountId?: number };

function refused(form: AccountForm, submission: Submission<unknown> | null, reason: Refusal, status = 400, accountId?: number) {
  return data<AccountAnswer>({ ...refusal(submission, reason), form, accountId }, { status });
}

/**
 * Why `password` does not confirm the signed-in admin (asked again before account changes), or null
 * when it does. Counted like sign-in attempts: after 5 wrong ones, 429 for 15 minutes.
 */
async function ownPasswordRefusal(me: AdminIdentity, password: string): Promise<{ message: string; status: number } | null> {
  const check = await checkOwnPassword(me.id, password);
  if (check === "right") return null;
  return check === "too-many" ? { message: ACCOUNT_MESSAGES.tooManyPasswordTries, status: 429 } : { message: ACCOUNT_MESSAGES.wrongPassword, status: 400 };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = context.get(adminContext);
  const formData = await readFormOrBadRequest(request, MAX_ADMIN_FORM_BYTES);
  if (formData instanceof BadRequest) return refused("password", null, { formError: "The form could not be read. Please try again." }, formData.status);

  const intent = intentOf(formData);
  if (intent !== "change-password" && me.role !== "admin") {
    await logRefusal(me.email, request, intent === "add-account" ? "add-account" : "manage-account");
    return refused(intent === "add-account" ? "add-account" : "manage-account", null, { formError: ACCOUNT_MESSAGES.administratorsOnly }, 403);
  }

  switch (intent) {
    case "change-password": {
      const submission = parseSubmission(formData, changePasswordSchema);
      const hidden = { hideFields: ["current_password", "new_password", "confirm_password"] };
      if (submission.status !== "success") return refused("password", submission, { ...hidden, formError: firstMessage(submission) });
      const wrong = await ownPasswordRefusal(me, submission.value.current_password);
      if (wrong) return refused("password", submission, { ...hidden, formError: wrong.message, fieldErrors: { current_password: [wrong.message] } }, wrong.status);
      const weak = checkNewPassword(submission.value.new_password, me.email, await organisationSettings());
      if (weak) return refused("password", submission, { ...hidden, formError: weak, fieldErrors: { new_password: [weak] } });
      const updated = await changePassword(me.id, await hashPassword(submission.value.new_password), context.get(sessionIdContext));
      if (!updated) return refused("password", submission, { ...hidden, formError: "Failed to change the password. Please try again." }, 500);
      await announceOwnPasswordChange(context, request);
      // Other devices are signed out; this one continues with a fresh session.
      return redirectWithToast(
        request,
        "/admin/account",
        { title: "Password changed", description: "Other devices have been signed out." },
        { headers: { "Set-Cookie": await continuedSessionCookie(request, updated) } },
      );
    }
    case "add-account": {
      const submission = parseSubmission(formData, addAccountSchema);
      const hidden = { hideFields: ["password", "current_password"] };
      if (submission.status !== "success") return refused("add-account", submission, { ...hidden, formError: firstMessage(submission) });
      const { email, password, role } = submission.value;
      const wrong = await ownPasswordRefusal(me, submission.value.current_password);
      if (wrong) return refused("add-account", submission, { ...hidden, formError: wrong.message, fieldErrors: { current_password: [wrong.message] } }, wrong.status);
      const weak = checkNewPassword(password, email, await organisationSettings());
      if (weak) return refused("add-account", submission, { ...hidden, formError: weak, fieldErrors: { password: [weak] } });
      if (!(await addAdmin(email, await hashPassword(password), role))) {
        const taken = ACCOUNT_MESSAGES.emailTaken;
        return refused("add-account", submission, { ...hidden, formError: taken, fieldErrors: { email: [taken] } }, 409);
      }
      await announceAccountChange(context, request, { action: "Added account", target: email, summary: `Role: ${ROLE_LABELS[role]}` });
      return redirectWithToast(request, "/admin/account", { title: "Account added", description: `${email} can now sign in as ${ROLE_LABELS[role]}.` });
    }
    case "change-role":
    case "remove-account": {
      const submission = parseSubmission(formData, manageAccountSchema);
      const hidden = { hideFields: ["current_password"] };
      const id = submission.status === "success" ? submission.value.id : undefined;
      const refuse = (message: string, status = 400) => refused("manage-account", submission, { ...hidden, formError: message }, status, id);
      if (submission.status !== "success") return refuse(firstMessage(submission));
      if (submission.value.id === me.id) return refuse(ACCOUNT_MESSAGES.notYourself);
      const wrong = await ownPasswordRefusal(me, submission.value.current_password);
      if (wrong) return refuse(wrong.message, wrong.status);
      const role = submission.value.role;
      if (intent === "change-role" && !role) return refuse("Choose a role: Administrator, Editor or Door volunteer");
      const result = intent === "change-role" ? await setRole(submission.value.id, role!) : await removeAdmin(submission.value.id);
      if (!result.done) return refuse(result.reason === "last-administrator" ? ACCOUNT_MESSAGES.lastAdministrator : ACCOUNT_MESSAGES.notFound, 409);
      if (intent === "change-role") {
        await announceAccountChange(context, request, { action: "Changed role", target: result.email, summary: `New role: ${ROLE_LABELS[role!]} (signed out everywhere)` });
        return redirectWithToast(request, "/admin/account", { title: "Role changed", description: `${result.email} is now ${ROLE_LABELS[role!]}; they sign in again.` });
      }
      await announceAccountChange(context, request, { action: "Removed account", target: result.email });
      return redirectWithToast(request, "/admin/account", { title: "Account removed", description: `${result.email} can no longer sign in.` });
    }
    default:
      return refused("password", null, { formError: "Unknown action." });
  }
}

/** The first thing wrong with a refused form, for its alert. */
function firstMessage(submission: Submission<unknown>): string {
  return Object.values(firstErrors(submission.reply()))[0] ?? "Please check the form.";
}

const passwordConstraint = formConstraints(changePasswordSchema);
const addAccountConstraint = formConstraints(addAccountSchema);
const ROLE_OPTIONS = Object.entries(ROLE_LABELS) as [AdminRole, string][];

function RoleSelect({ id, name, defaultValue, describedBy }: { id: string; name: string; defaultValue: AdminRole; describedBy?: string }) {
  return (
    <select
      id={id}
      name={name}
      defaultValue={defaultValue}
      aria-describedby={describedBy}
      className="mt-1 block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base"
    >
      {ROLE_OPTIONS.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

const ROLE_HINT = "Administrators can do everything. Editors manage content, registrations and check-in. Door volunteers work the door: check people in, add walk-ins and take cash there.";

/** 'Add an account': e-mail, temporary password, role, and the admin's own password. */
function AddAccount({ answer, busy }: { answer: AccountAnswer | undefined; busy: boolean }) {
  const [addForm, add] = useForm({ id: "add-account", lastResult: answer?.result, constraint: addAccountConstraint });
  return (
    <>
      <h3 id="add-account-heading" className="mt-6 font-semibold text-stone-900">
        Add an account
      </h3>
      <Form method="post" {...getFormProps(addForm)} aria-labelledby="add-account-heading" className="mt-3 space-y-4">
        <FormAlert message={formErrorOf(answer?.result)} />
        <TextField field={add.email} label="Email" type="email" autoComplete="off" />
        <TextField field={add.password} label="Temporary password" type="password" autoComplete="new-password" hint={`${NEW_PASSWORD_HINT} Ask them to change it after signing in.`} />
        <div>
          <label htmlFor={add.role.id} className="block text-sm font-medium text-stone-800">
            Role
          </label>
          <RoleSelect id={add.role.id} name={add.role.name} defaultValue={(add.role.initialValue as AdminRole | undefined) ?? "editor"} />
        </div>
        <TextField field={add.current_password} label="Your password" type="password" autoComplete="current-password" hint="Asked again for every change to an account." />
        <SubmitButton name="intent" value="add-account" pending={busy} pendingLabel="Adding..." variant="secondary">
          Add account
        </SubmitButton>
      </Form>
    </>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const answerFor = (form: AccountForm) => (actionData?.form === form ? actionData : undefined);
  const manageResult = answerFor("manage-account");
  const [passwordForm, password] = useForm({ id: "change-password", lastResult: answerFor("password")?.result, constraint: passwordConstraint });
  // Added: the form starts afresh (the e-mail and both passwords gone); refused: as typed.
  const addKey = useFreshAfterSave(actionData !== undefined);
  const { me } = loaderData;

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900">Account</h1>

      <section aria-labelledby="password-heading" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="password-heading" className="text-lg font-semibold text-stone-900">
          Change your password
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Signed in as {me.email} ({ROLE_LABELS[me.role]}). Changing the password signs out your other devices.
        </p>
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

      <section aria-labelledby="security-heading" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="security-heading" className="text-lg font-semibold text-stone-900">
          Signing in
        </h2>
        <ul className="mt-2 space-y-2 text-base">
          <li>
            <Link to="/admin/account/two-step" className="font-semibold text-blue-900 underline">
              Two-step sign-in
            </Link>{" "}
            <span className="text-sm text-stone-600">: a code from an app on your phone after your password.</span>
          </li>
          <li>
            <Link to="/admin/account/sessions" className="font-semibold text-blue-900 underline">
              Signed-in sessions
            </Link>{" "}
            <span className="text-sm text-stone-600">: where you are signed in, and signing other devices out.</span>
          </li>
        </ul>
      </section>

      {me.role === "admin" ? (
        <section aria-labelledby="accounts-heading" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="accounts-heading" className="text-lg font-semibold text-stone-900">
            Accounts
          </h2>
          <p className="mt-1 text-sm text-stone-600">{ROLE_HINT}</p>
          <ul className="mt-3 divide-y divide-stone-200">
            {loaderData.admins.map((account) => {
              const refusedHere = manageResult?.accountId === account.id ? manageResult : undefined;
              return (
                <li key={account.id} className="py-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-stone-900">{account.email}</p>
                      <p className="text-sm text-stone-600">
                        {ROLE_LABELS[account.role]} ·{" "}
                        {account.last_login_at ? `Last signed in ${formatInSiteZone(account.last_login_at, "MMM d, yyyy HH:mm")}` : "Has not signed in yet"}
                      </p>
                    </div>
                    {account.id === me.id ? <span className="text-sm text-stone-600">You</span> : null}
                  </div>
                  {account.id === me.id ? null : (
                    <details open={refusedHere ? true : undefined} className="mt-2 rounded-lg border border-stone-200 p-3">
                      <summary className="disclosure-chevron -my-1 cursor-pointer py-1 text-sm font-semibold text-stone-800">Change role or remove {account.email}</summary>
                      <Form method="post" className="mt-3 space-y-3">
                        <FormAlert message={formErrorOf(refusedHere?.result)} />
                        <input type="hidden" name="id" value={account.id} />
                        <div>
                          <label htmlFor={`role-${account.id}`} className="block text-sm font-medium text-stone-800">
                            Role
                          </label>
                          <RoleSelect id={`role-${account.id}`} name="role" defaultValue={account.role} />
                        </div>
                        <div>
                          <label htmlFor={`confirm-${account.id}`} className="block text-sm font-medium text-stone-800">
                            Your password
                          </label>
                          <input
                            id={`confirm-${account.id}`}
                            name="current_password"
                            type="password"
                            required
                            autoComplete="current-password"
                            className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2 text-base"
                          />
                          <p className="mt-1 text-sm text-stone-600">Asked again for every change to an account.</p>
                        </div>
                        <div className="flex flex-wrap gap-2">
                          <SubmitButton name="intent" value="change-role" pending={busy("change-role")} pendingLabel="Saving..." variant="secondary">
                            Change role
                          </SubmitButton>
                          <button type="submit" name="intent" value="remove-account" className="rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
                            Remove account
                          </button>
                        </div>
                      </Form>
                    </details>
                  )}
                </li>
              );
            })}
          </ul>

          <AddAccount key={addKey} answer={answerFor("add-account")} busy={busy("add-account")} />
        </section>
      ) : null}
    </div>
  );
}
