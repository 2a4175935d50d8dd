// /admin/testimonies/new and /admin/testimonies/edit/:id (SPEC section 2, Testimony form).
import { useState } from "react";
import { Form } from "react-router";
import { AdminFormPage, FormActions, useAdminForm } from "~/components/admin/form-kit";
import { ImageField } from "~/features/images";
import { FormAlert, TextAreaField, TextField } from "~/components/form-fields";
import { testimonySchema } from "~/features/publishing";
import { VersionField } from "~/features/history";
import type { Route } from "./+types/testimony-form";

export { action, loader } from "./testimony-form.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.testimony ? "Edit Testimony" : "Create New Testimony"} | Admin` },
];

export default function TestimonyForm({ loaderData, actionData }: Route.ComponentProps) {
  const { testimony } = loaderData;
  const editing = testimony !== null;
  const { form, fields, formProps, pending, postedImageUrl } = useAdminForm({
    schema: testimonySchema,
    actionData,
    defaultValue: testimony ?? { active: true },
  });
  const [uploading, setUploading] = useState(false);

  return (
    <AdminFormPage title={editing ? "Edit Testimony" : "Create New Testimony"}>
      <Form method="post" encType="multipart/form-data" {...formProps} className="space-y-5">
        <FormAlert message={form.errors?.[0]} />
        {testimony ? <VersionField version={testimony.version} answer={actionData} /> : null}
        <TextField field={fields.author} label="Author Name*" />
        <TextField field={fields.role} label="Role/Position" placeholder="e.g. Church Elder, Lilongwe" />
        <label className="flex items-center gap-3 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            name={fields.active.name}
            defaultChecked={fields.active.initialValue === "on"}
            className="size-5 rounded border-stone-300 text-brand-700"
          />
          Active (visible on the website)
        </label>
        <ImageField
          kind="testimony"
          label="Profile Image"
          aspect="square"
          defaultUrl={postedImageUrl ?? testimony?.image_url ?? null}
          onUploadingChange={setUploading}
        />
        <TextAreaField field={fields.content} label="Testimony Content*" rows={6} />
        <FormActions
          cancelTo="/admin?tab=testimonies"
          submitLabel={editing ? "Update Testimony" : "Create Testimony"}
          pendingLabel={editing ? "Updating..." : "Creating..."}
          pending={pending}
          disabled={uploading}
        />
      </Form>
    </AdminFormPage>
  );
}
