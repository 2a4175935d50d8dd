// /admin/ministries/new and /admin/ministries/edit/:id (SPEC section 2, Ministry form).
import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { AdminFormPage, FormActions, SwitchField, useAdminForm } from "~/components/admin/form-kit";
import { ImageField } from "~/components/admin/image-field";
import { SlugField } from "~/components/admin/slug-field";
import { TextAreaField, TextField } from "~/components/form-fields";
import { showToast } from "~/components/toaster";
import { adminTabHref } from "~/lib/admin-tabs";
import { ministrySchema, SORT_ORDER_NOT_A_NUMBER } from "~/lib/schemas/ministry";
import { formSlug } from "~/lib/slug";
import { createMinistry, deleteMinistry, getMinistry, updateMinistry, type MinistryInput } from "~/models/ministry.server";
import { entityAction, loadForEdit } from "~/server/admin-entity.server";
import { getDb } from "~/server/db.server";
import type { Route } from "./+types/ministry-form";

const MINISTRIES_TAB = adminTabHref("ministries");

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.ministry ? "Edit Ministry" : "Add Ministry"} | Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const ministry = await loadForEdit(request, params.id, (id) => getMinistry(getDb(), id), {
    path: MINISTRIES_TAB,
    message: "Could not fetch ministry data",
  });
  return { ministry };
}

export function action(args: Route.ActionArgs) {
  const db = getDb();
  return entityAction(
    {
      tab: "ministries",
      schema: ministrySchema,
      imageKind: "ministry",
      toInput: ({ slug_auto, ...data }, image_url): MinistryInput => ({ ...data, slug: formSlug({ ...data, slug_auto }), image_url }),
      messages: {
        created: { title: "Ministry created successfully" },
        updated: { title: "Ministry updated successfully" },
        createFailed: "Failed to create ministry",
        updateFailed: "Failed to update ministry",
        deleted: { title: "Ministry deleted successfully" },
        deleteFailed: "Failed to delete ministry",
        uploadFailed: "Failed to upload image.",
        duplicate: { field: "slug", message: "This slug is already used by another ministry. Please choose a different one." },
      },
      model: {
        imageOf: (id) => getMinistry(db, id),
        create: (input) => createMinistry(db, input),
        update: (id, input) => updateMinistry(db, id, input),
        remove: (id) => deleteMinistry(db, id),
      },
    },
    args,
  );
}

type TextName = "short_description" | "full_description" | "image_alt";

export default function MinistryForm({ loaderData, actionData }: Route.ComponentProps) {
  const { ministry } = loaderData;
  const editing = ministry !== null;
  const { errors, onSubmit, pending, values } = useAdminForm(ministrySchema, actionData);
  const [uploading, setUploading] = useState(false);
  const [sortOrderError, setSortOrderError] = useState<string | null>(null);
  const value = (name: TextName) => values?.[name] ?? ministry?.[name] ?? "";

  // A number input holding something that is not a number submits "", which would read as 'Sort
  // order is required': say what is really wrong instead.
  function submit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const sortOrder = event.currentTarget.elements.namedItem("sort_order");
    if (submitter?.value === "save" && sortOrder instanceof HTMLInputElement && sortOrder.validity.badInput) {
      event.preventDefault();
      setSortOrderError(SORT_ORDER_NOT_A_NUMBER);
      showToast({ title: "Error", description: SORT_ORDER_NOT_A_NUMBER, variant: "destructive" });
      sortOrder.focus();
      return;
    }
    setSortOrderError(null);
    onSubmit(event);
  }

  return (
    <AdminFormPage title={editing ? "Edit Ministry" : "Add Ministry"} backTo={MINISTRIES_TAB}>
      <Form method="post" encType="multipart/form-data" onSubmit={submit} noValidate className="space-y-5">
        <SlugField
          pathPrefix="/ministries/"
          title={values?.title ?? ministry?.title ?? ""}
          slug={values?.slug ?? ministry?.slug ?? ""}
          auto={values ? values.slug_auto === "on" : !editing}
          titleMaxLength={150}
          titleError={errors.title}
          slugError={errors.slug}
        />
        <TextAreaField
          label="Short Description"
          name="short_description"
          rows={2}
          required
          maxLength={300}
          hint="One or two sentences for the ministry cards."
          defaultValue={value("short_description")}
          error={errors.short_description}
        />
        <TextAreaField
          label="Full Description"
          name="full_description"
          rows={8}
          required
          maxLength={20_000}
          hint="Each line becomes a paragraph on the ministry's page."
          defaultValue={value("full_description")}
          error={errors.full_description}
        />
        <TextField
          label="Sort Order"
          name="sort_order"
          type="number"
          inputMode="numeric"
          step={1}
          required
          placeholder="0"
          hint="Lower numbers are listed first."
          defaultValue={values?.sort_order ?? String(ministry?.sort_order ?? 0)}
          error={sortOrderError ?? errors.sort_order}
          className="max-w-40"
        />
        <ImageField
          kind="ministry"
          label="Image"
          defaultUrl={values?.image_url ?? ministry?.image_url ?? null}
          onUploadingChange={setUploading}
        />
        <TextField
          label="Image description"
          name="image_alt"
          maxLength={200}
          placeholder="e.g. A mentor and a young man reading the Bible"
          hint="Read aloud to people who cannot see the picture. Leave empty to use the title."
          defaultValue={value("image_alt")}
          error={errors.image_alt}
        />
        <SwitchField name="active" label="Active (visible to users)" defaultChecked={values ? values.active === "on" : (ministry?.active ?? true)} />
        <FormActions
          cancelTo={MINISTRIES_TAB}
          submitLabel={editing ? "Update Ministry" : "Create Ministry"}
          pendingLabel={editing ? "Updating..." : "Creating..."}
          pending={pending}
          disabled={uploading}
        />
      </Form>
    </AdminFormPage>
  );
}
