// /admin/associations/import (issue 25): the first load of the directory from a CSV file
// (name,region,district,contact_name,contact_phone,meeting). Works without JavaScript; a file with
// bad rows saves nothing and lists each one.
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { AdminFormPage } from "~/components/admin/form-kit";
import { buttonClass, inputClass } from "~/components/form-fields";
import { showToast } from "~/components/toaster";
import type { Route } from "./+types/association-import";

export { action } from "./association-import.server";

export const meta: Route.MetaFunction = () => [{ title: "Import Associations | Admin" }];

const EXAMPLE = `name,region,district,contact_name,contact_phone,meeting
Area 25 Baptist Men,Central,Lilongwe,Yohane Banda,0991 23 45 67,"Saturdays 2 pm, Area 25 Baptist Church"`;

export default function AssociationImport({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const file = useRef<HTMLInputElement>(null);
  const pasted = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!actionData) return;
    if (actionData.toast) showToast(actionData.toast);
    // A refusal puts the rows sent in the box to correct there: the file goes (it is read first, so
    // the corrected rows would never be), as it does on the page a post without JavaScript gets.
    if (file.current) file.current.value = "";
    if (pasted.current && actionData.csv) pasted.current.value = actionData.csv;
  }, [actionData]);
  const errors = actionData?.errors ?? [];
  return (
    <AdminFormPage title="Import Associations" backTo="/admin?tab=associations">
      <div className="space-y-3 text-sm text-stone-700">
        <p>
          A CSV file with a header row: <code className="font-mono break-all">name,region,district,contact_name,contact_phone,meeting</code>. Name, region and
          district are required. Put a field that holds a comma in double quotes. Every row is checked first: if one is wrong, nothing is saved.
        </p>
        <pre tabIndex={0} role="region" aria-label="An example file" className="overflow-x-auto rounded-md bg-stone-100 p-3 text-xs">{EXAMPLE}</pre>
      </div>
      {errors.length ? (
        <div role="alert" id="import-errors" className="mt-5 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">Nothing was imported. Correct these rows (they are in the box below) and import again:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="mt-5 space-y-5">
        <div>
          <label htmlFor="import-file" className="block text-sm font-medium text-stone-800">
            CSV file
          </label>
          <input ref={file} id="import-file" type="file" name="file" accept=".csv,text/csv" className="mt-1 block w-full text-sm" />
        </div>
        <div>
          <label htmlFor="import-csv" className="block text-sm font-medium text-stone-800">
            Or paste the rows, header included
          </label>
          {/* After a refusal, the rows sent (a chosen file's too): corrected here and imported again. */}
          <textarea ref={pasted} id="import-csv" name="csv" rows={8} defaultValue={actionData?.csv ?? ""} className={`${inputClass} mt-1 font-mono text-xs`} />
        </div>
        <button type="submit" disabled={pending} className={buttonClass.primary}>
          {pending ? "Importing..." : "Import"}
        </button>
      </Form>
    </AdminFormPage>
  );
}
