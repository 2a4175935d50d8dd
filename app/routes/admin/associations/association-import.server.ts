// /admin/associations/import on the server: reads the CSV (a file, or pasted rows), checks every
// row, and saves all of them in one atomic batch, or none with each bad row's line and reason.
import { data } from "react-router";
import { ASSOCIATION_MESSAGES as MESSAGES } from "~/features/associations";
import { associationKeys, CSV_MAX_BYTES, importAssociations, readAssociationsCsv } from "~/features/associations/index.server";
import { noteActivity } from "~/features/accounts/index.server";
import { adminTabHref } from "~/lib/admin-tabs";
import { errorToast } from "~/server/admin-actions.server";
import { BadRequest, readFormData } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/association-import";

/** A refusal: each bad row, and the rows sent (a file's too), back in the paste box to correct there. */
export type ImportAnswer = { errors: string[]; toast: ReturnType<typeof errorToast>; csv: string };

function refused(errors: string[], status = 400, csv = "") {
  return data<ImportAnswer>({ errors, toast: errorToast(MESSAGES.importRefused), csv }, { status });
}

/** The CSV's text: the chosen file, else the pasted rows. */
async function csvText(formData: FormData): Promise<string> {
  const file = formData.get("file");
  if (file instanceof File && file.size > 0) return file.text();
  const pasted = formData.get("csv");
  return typeof pasted === "string" ? pasted : "";
}

export async function action({ request, context }: Route.ActionArgs) {
  let formData: FormData;
  try {
    // The file and the pasted rows, with room for the form's own fields.
    formData = await readFormData(request, 2 * CSV_MAX_BYTES + 16 * 1024);
  } catch (error) {
    if (!(error instanceof BadRequest)) throw error;
    return refused([error.message], error.status);
  }
  const text = await csvText(formData);
  if (text.trim() === "") return refused([MESSAGES.importNothing]);
  if (new TextEncoder().encode(text).length > CSV_MAX_BYTES) return refused([`The file is larger than ${CSV_MAX_BYTES / 1024} KB. Split it and import each part.`], 413, text);

  const { rows, errors } = readAssociationsCsv(text, await associationKeys());
  if (errors.length) return refused(errors, 400, text);
  let added: number;
  try {
    added = await importAssociations(rows);
  } catch (cause) {
    console.error("association import failed", cause);
    return refused([MESSAGES.importFailed], 500, text);
  }
  noteActivity(context, { action: "Imported", target: `${added} ${added === 1 ? "association" : "associations"}`, summary: "from a CSV file" });
  return redirectWithToast(request, adminTabHref("associations"), MESSAGES.imported(added, rows.length - added));
}
