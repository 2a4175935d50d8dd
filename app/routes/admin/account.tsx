// /admin/account: change your own password; add and remove other admins (never the last one).
import { data, Form, useNavigation } from "react-router";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { TrashIcon } from "~/components/icons";
import { adminContext } from "~/context";
import { formatInSiteZone } from "~/lib/time";
import { addAdminSchema, changePasswordSchema } from "~/lib/schemas/account";
import { readFields, validateValues, type FieldErrors } from "~/lib/forms";
import { addAdmin, changePassword, getPasswordHash, listAdmins, removeAdmin } from "~/models/admin.server";
import { intentOf, parseId, readAdminForm } from "~/server/admin-form.server";
import { hashPassword, verifyPassword } from "~/server/password.server";
import { createSessionToken, sessionCookie } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Account | Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const me = context.get(adminContext);
  return { me: { id: me.id, email: me.email }, admins: await listAdmins() };
}

type ActionResult = { form: "password" | "add-admin" | "remove-admin"; errors: FieldErrors; message: string; email?: string };

function refused(result: ActionResult, status = 400) {
  return data(result, { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = context.get(adminContext);
  const formData = await readAdminForm(request);
  if (!(formData instanceof FormData)) {
    return refused({ form: "password", errors: {}, message: "The form could not be read. Please try again." }, formData.init?.status ?? 400);
  }

  switch (intentOf(formData)) {
    case "change-password": {
      const v = validateValues(changePasswordSchema, readFields(formData, ["current_password", "new_password", "confirm_password"]));
      if (!v.success) return refused({ form: "password", errors: v.errors, message: Object.values(v.errors)[0]! });
      const hash = await getPasswordHash(me.id);
      if (!hash || !(await verifyPassword(v.data.current_password, hash))) {
        return refused({ form: "password", errors: { current_password: "That is not your current password" }, message: "That is not your current password" });
      }
      const updated = await changePassword(me.id, await hashPassword(v.data.new_password));
      if (!updated) return refused({ form: "password", errors: {}, message: "Failed to change the password. Please try again." }, 500);
      // Other devices are signed out; this one continues with a fresh session.
      return redirectWithToast(
        request,
        "/admin/account",
        { title: "Password changed", description: "Other devices have been signed out." },
        { headers: { "Set-Cookie": sessionCookie(request, await createSessionToken(updated)) } },
      );
    }
    case "add-admin": {
      const v = validateValues(addAdminSchema, readFields(formData, ["email", "password"]));
      if (!v.success) return refused({ form: "add-admin", errors: v.errors, message: Object.values(v.errors)[0]!, email: v.values.email });
      if (!(await addAdmin(v.data.email, await hashPassword(v.data.password)))) {
        const message = "An admin with this email already exists.";
        return refused({ form: "add-admin", errors: { email: message }, message, email: v.values.email }, 409);
      }
      return redirectWithToast(request, "/admin/account", { title: "Admin added", description: `${v.data.email} can now sign in.` });
    }
    case "remove-admin": {
      const id = parseId(String(formData.get("id") ?? ""));
      if (!id || id === me.id) return refused({ form: "remove-admin", errors: {}, message: "You cannot remove your own account." });
      if (!(await removeAdmin(id))) {
        return refused({ form: "remove-admin", errors: {}, message: "The last admin cannot be removed." }, 409);
      }
      return redirectWithToast(request, "/admin/account", { title: "Admin removed" });
    }
    default:
      return refused({ form: "password", errors: {}, message: "Unknown action." });
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errorsFor = (form: ActionResult["form"]) => (actionData?.form === form ? actionData : undefined);
  const passwordResult = errorsFor("password");
  const addResult = errorsFor("add-admin");
  const removeResult = errorsFor("remove-admin");

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900">Account</h1>

      <section aria-labelledby="password-heading" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="password-heading" className="text-lg font-semibold text-stone-900">
          Change your password
        </h2>
        <p className="mt-1 text-sm text-stone-600">Signed in as {loaderData.me.email}. Changing the password signs out your other devices.</p>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <FormAlert message={passwordResult?.message} />
          <TextField label="Current password" name="current_password" type="password" autoComplete="current-password" required error={passwordResult?.errors.current_password} />
          <TextField label="New password" name="new_password" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters." error={passwordResult?.errors.new_password} />
          <TextField label="Confirm new password" name="confirm_password" type="password" autoComplete="new-password" required error={passwordResult?.errors.confirm_password} />
          <SubmitButton name="intent" value="change-password" pending={busy("change-password")} pendingLabel="Saving...">
            Change password
          </SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="admins-heading" className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="admins-heading" className="text-lg font-semibold text-stone-900">
          Admins
        </h2>
        <FormAlert message={removeResult?.message} />
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
        <Form method="post" className="mt-3 space-y-4" noValidate>
          <FormAlert message={addResult?.message} />
          <TextField label="Email" name="email" type="email" autoComplete="off" required defaultValue={addResult?.email ?? ""} key={addResult?.email ?? ""} error={addResult?.errors.email} />
          <TextField label="Temporary password" name="password" type="password" autoComplete="new-password" required minLength={8} hint="At least 8 characters. Ask them to change it after signing in." error={addResult?.errors.password} />
          <SubmitButton name="intent" value="add-admin" pending={busy("add-admin")} pendingLabel="Adding..." variant="secondary">
            Add admin
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
