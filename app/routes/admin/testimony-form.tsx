// /admin/testimonies/new and /admin/testimonies/edit/:id (SPEC section 2, Testimony form).
import { useState } from "react";
import { Form } from "react-router";
import { AdminFormPage, FormActions, useAdminForm } from "~/components/admin/form-kit";
import { ImageField } from "~/components/admin/image-field";
import { TextAreaField, TextField } from "~/components/form-fields";
import { testimonySchema } from "~/lib/schemas/testimony";
import {
  createTestimony,
  deleteTestimony,
  getTestimony,
  toggleTestimonyActive,
  updateTestimony,
  type TestimonyInput,
} from "~/models/testimony.server";
import { entityAction, loadForEdit } from "~/server/admin-entity.server";
import { getDb } from "~/server/db.server";
import type { Route } from "./+types/testimony-form";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.testimony ? "Edit Testimony" : "Create New Testimony"} | Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const testimony = await loadForEdit(request, params.id, (id) => getTestimony(getDb(), id), {
    path: "/admin/testimonies",
    message: "Failed to load testimony",
  });
  return { testimony };
}

export function action(args: Route.ActionArgs) {
  const db = getDb();
  return entityAction(
    {
      tab: "testimonies",
      schema: testimonySchema,
      imageKind: "testimony",
      toInput: (data, image_url): TestimonyInput => ({ ...data, image_url }),
      messages: {
        created: { title: "Testimony created successfully" },
        updated: { title: "Testimony updated successfully" },
        createFailed: "Failed to create testimony",
        updateFailed: "Failed to update testimony",
        deleted: { title: "Testimony deleted successfully" },
        deleteFailed: "Failed to delete testimony",
        toggled: (active) => ({ title: active ? "Testimony activated successfully" : "Testimony deactivated successfully" }),
        toggleFailed: "Failed to update testimony status",
      },
      model: {
        imageOf: (id) => getTestimony(db, id),
        create: (input) => createTestimony(db, input),
        update: (id, input) => updateTestimony(db, id, input),
        remove: (id) => deleteTestimony(db, id),
        toggleActive: (id) => toggleTestimonyActive(db, id),
      },
    },
    args,
  );
}

export default function TestimonyForm({ loaderData, actionData }: Route.ComponentProps) {
  const { testimony } = loaderData;
  const editing = testimony !== null;
  const { errors, onSubmit, pending, values } = useAdminForm(testimonySchema, actionData);
  const [uploading, setUploading] = useState(false);
  const value = (name: "author" | "role" | "content") => values?.[name] ?? testimony?.[name] ?? "";

  return (
    <AdminFormPage title={editing ? "Edit Testimony" : "Create New Testimony"}>
      <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} noValidate className="space-y-5">
        <TextField label="Author Name*" name="author" required maxLength={120} defaultValue={value("author")} error={errors.author} />
        <TextField
          label="Role/Position"
          name="role"
          maxLength={120}
          placeholder="e.g. Church Elder, Lilongwe"
          defaultValue={value("role")}
          error={errors.role}
        />
        <label className="flex items-center gap-3 text-sm font-medium text-stone-800">
          <input
            type="checkbox"
            name="active"
            defaultChecked={values ? values.active === "on" : (testimony?.active ?? true)}
            className="size-5 rounded border-stone-300 text-brand-700"
          />
          Active (visible on the website)
        </label>
        <ImageField
          kind="testimony"
          label="Profile Image"
          aspect="square"
          defaultUrl={values?.image_url ?? testimony?.image_url ?? null}
          onUploadingChange={setUploading}
        />
        <TextAreaField
          label="Testimony Content*"
          name="content"
          rows={6}
          required
          minLength={10}
          maxLength={5000}
          defaultValue={value("content")}
          error={errors.content}
        />
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
