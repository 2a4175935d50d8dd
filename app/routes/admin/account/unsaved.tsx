// /admin/account/unsaved: a form sent after its admin's session had ended, or to a record deleted
// meanwhile, kept for this browser (app/features/accounts/unsaved-forms.server.ts). Signing in (or
// the refused save) leads here. "Save my changes" sends the same fields to the same page as a plain
// form would (its own checks, the version guard and the role's rules all apply); for a deleted
// record, "Add it again as new" sends them to its form for a new one. "Discard them" forgets them.
// Every role may use it.
import { data, Form, Link } from "react-router";
import { SubmitButton } from "~/components/form-fields";
import { adminContext, homeOf } from "~/features/accounts";
import { forgetUnsavedForm, unsavedFormOf } from "~/features/accounts/index.server";
import { intentOf, MAX_ADMIN_FORM_BYTES } from "~/server/admin-actions.server";
import { BadRequest, readFormOrBadRequest, refuse } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/unsaved";

export const meta: Route.MetaFunction = () => [{ title: "Your unsaved changes | Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = context.get(adminContext);
  const home = homeOf(me.role);
  const form = await unsavedFormOf(request, me.email);
  if (!form) {
    // Saved, discarded or a day old: a cookie left over goes too (another account's form stays for them).
    const cleared = await forgetUnsavedForm(request, me.email, null);
    return data({ home, form: null }, cleared ? { headers: { "Set-Cookie": cleared } } : undefined);
  }
  return { home, form };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = context.get(adminContext);
  const formData = await readFormOrBadRequest(request, MAX_ADMIN_FORM_BYTES);
  if (formData instanceof BadRequest) return refuse(null, { formError: "The form could not be read. Please try again." }, formData.status);
  if (intentOf(formData) !== "discard") return refuse(null, { formError: "Unknown action." });
  const cleared = await forgetUnsavedForm(request, me.email, null);
  const headers = cleared ? { "Set-Cookie": cleared } : undefined;
  return redirectWithToast(request, homeOf(me.role), { title: "Discarded", description: "The changes you had not saved are gone." }, { headers, status: 303 });
}

const sectionClass = "rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6";

/** Field names whose words are not the form's label. */
const FIELD_LABELS: Record<string, string> = {
  image_alt: "Image description",
  image_url: "Picture",
  slug: "Web address (slug)",
  date: "Date",
  sort_order: "Order",
};

/** A form's field as staff know it: "Short description", not "short description" or "men[0].phone_number". */
function fieldLabel(field: string): string {
  const line = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(field);
  if (line) return `Line ${Number(line[2]) + 1}: ${fieldLabel(line[3]!).toLowerCase()}`;
  const words = FIELD_LABELS[field] ?? field.replace(/[_.[\]]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export default function UnsavedChanges({ loaderData }: Route.ComponentProps) {
  if (!loaderData.form) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="text-2xl font-bold text-stone-900">Your unsaved changes</h1>
        <p className="text-stone-700">Nothing is waiting to be saved.</p>
        <Link to={loaderData.home} className="font-semibold text-brand-700 underline">
          {loaderData.home === "/admin" ? "Go to the dashboard" : "Go to check-in"}
        </Link>
      </div>
    );
  }
  const { path, fields, hadFile, name, typed, reason } = loaderData.form;
  const deleted = reason === "deleted";
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900">Your unsaved changes</h1>
      <section aria-labelledby="unsaved-heading" className={sectionClass}>
        <h2 id="unsaved-heading" className="text-lg font-semibold text-stone-900">
          {name ? `Changes to “${name}”` : "Changes you sent"}
        </h2>
        <p className="mt-2 text-stone-700">
          {deleted
            ? "Someone deleted it while you were editing, so your changes were not saved. What you typed is kept here: add it again as new, or copy what you need."
            : "You had been signed out, so nothing was saved. What you typed is kept here: save it now, as you sent it."}
        </p>
        {hadFile ? (
          <p className="mt-2 font-medium text-amber-900">
            {deleted ? "Its picture was deleted with it: once the rest is added, choose a picture again." : "The picture you chose was not kept: once the rest is saved, choose it again."}
          </p>
        ) : null}
        {/* A plain post to the page the form came from, as that form would have sent it. */}
        <form method="post" action={path} encType="multipart/form-data" className="mt-4 flex flex-wrap gap-3">
          {fields.map(([field, value], index) => (
            <input key={index} type="hidden" name={field} value={value} />
          ))}
          <SubmitButton pending={false} pendingLabel="Saving...">
            {deleted ? "Add it again as new" : "Save my changes"}
          </SubmitButton>
          <a href={path.split("?")[0]} className="inline-flex items-center rounded-md border border-stone-300 px-4 py-2.5 text-sm font-semibold text-stone-800 hover:bg-stone-50">
            Open the page without them
          </a>
        </form>
        {typed.length > 0 ? (
          <details className="mt-4" open={deleted}>
            <summary className="disclosure-chevron cursor-pointer font-medium text-stone-800">Show what you typed</summary>
            <dl className="mt-2 space-y-2 text-sm">
              {typed.map(([field, value], index) => (
                <div key={index}>
                  <dt className="font-medium text-stone-600">{fieldLabel(field)}</dt>
                  <dd className="whitespace-pre-wrap text-stone-900">{value}</dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
      </section>
      <Form method="post">
        <SubmitButton name="intent" value="discard" pending={false} pendingLabel="Discarding..." variant="secondary">
          Discard them
        </SubmitButton>
      </Form>
    </div>
  );
}
