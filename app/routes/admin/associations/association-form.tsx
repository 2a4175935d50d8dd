// /admin/associations/new and /admin/associations/edit/:id (issue 25): one association of the directory.
import { Form } from "react-router";
import { AdminFormPage, FormActions, useAdminForm } from "~/components/admin/form-kit";
import { FormAlert, TextField } from "~/components/form-fields";
import { associationSchema } from "~/features/associations";
import { VersionField } from "~/features/history";
import type { Route } from "./+types/association-form";

export { action, loader } from "./association-form.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.association ? "Edit Association" : "Add Association"} | Admin` },
];

export default function AssociationForm({ loaderData, actionData }: Route.ComponentProps) {
  const { association, regions } = loaderData;
  const editing = association !== null;
  const { form, fields, formProps, pending } = useAdminForm({
    schema: associationSchema,
    actionData,
    defaultValue: association ?? { active: true },
  });

  return (
    <AdminFormPage title={editing ? "Edit Association" : "Add Association"}>
      <Form method="post" {...formProps} className="space-y-5">
        <FormAlert message={form.errors?.[0]} />
        {association ? <VersionField version={association.version} answer={actionData} /> : null}
        <TextField field={fields.name} label="Name*" placeholder="e.g. Area 25 Baptist Men" />
        <TextField
          field={fields.region}
          label="Region*"
          list="association-regions"
          hint="Northern, Central or Southern; type another name to add a region."
        />
        <datalist id="association-regions">
          {regions.map((region) => (
            <option key={region} value={region} />
          ))}
        </datalist>
        <TextField field={fields.district} label="District*" placeholder="e.g. Lilongwe" />
        <TextField field={fields.meeting} label="Meeting" placeholder="e.g. Saturdays 2 pm, Area 25 Baptist Church" />
        <TextField field={fields.contact_name} label="Contact Name" />
        <TextField field={fields.contact_phone} label="Contact Phone" type="tel" hint="A Malawi number like 0991 23 45 67, or + and the country code." />
        <label className="flex items-center gap-3 text-sm font-medium text-stone-800">
          <input type="checkbox" name={fields.active.name} defaultChecked={fields.active.initialValue === "on"} className="size-5 rounded border-stone-300 text-brand-700" />
          Active (listed on the website)
        </label>
        <FormActions
          cancelTo="/admin?tab=associations"
          submitLabel={editing ? "Update Association" : "Create Association"}
          pendingLabel={editing ? "Updating..." : "Creating..."}
          pending={pending}
        />
      </Form>
    </AdminFormPage>
  );
}
