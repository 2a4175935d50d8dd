// /admin/ministries/new and /admin/ministries/edit/:id (SPEC section 2, Ministry form). Editing
// shows the ministry's History; ?version= fills the form with a kept version to restore (issue 15).
import { useState } from "react";
import { Form } from "react-router";
import { AdminFormPage, FormActions, SwitchField, useAdminForm } from "~/components/admin/form-kit";
import { ministrySchema, SlugField, SORT_ORDER_NOT_A_NUMBER } from "~/features/publishing";
import { HistoryList, RESTORE_SUBMIT, VersionBanner, VersionField } from "~/features/history";
import { ImageField } from "~/features/images";
import { FormAlert, TextAreaField, TextField } from "~/components/form-fields";
import { adminTabHref } from "~/lib/admin-tabs";
import type { Route } from "./+types/ministry-form";

export { action, loader } from "./ministry-form.server";

const MINISTRIES_TAB = adminTabHref("ministries");

// A save refused because someone saved first reads the page again: the History lists their save.
export { readAgainAfterConflict as shouldRevalidate } from "~/lib/form-answer";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.ministry ? "Edit Ministry" : "Add Ministry"} | Admin` },
];

function MinistryFormBody({ loaderData, actionData }: Route.ComponentProps) {
  const { ministry, history, viewing } = loaderData;
  const editing = ministry !== null;
  const { form, fields, formProps, pending, postedImageUrl } = useAdminForm({
    schema: ministrySchema,
    actionData,
    // Auto-generate starts on for a new ministry and off when editing one (SPEC section 2).
    defaultValue: ministry ? { ...ministry, ...viewing?.values, slug_auto: false } : { sort_order: 0, active: true, slug_auto: true },
    // A number field holding something that is not a number posts "": say what is really wrong.
    unreadable: { sort_order: SORT_ORDER_NOT_A_NUMBER },
  });
  const [uploading, setUploading] = useState(false);

  const editHref = ministry ? `/admin/ministries/edit/${ministry.id}` : "";
  // A version's picture is kept while the version is, so it can be shown and restored.
  const versionImage = viewing?.values.image_url;
  const shownImage = viewing ? (typeof versionImage === "string" ? versionImage : null) : (ministry?.image_url ?? null);
  return (
    <AdminFormPage
      title={editing ? "Edit Ministry" : "Add Ministry"}
      backTo={MINISTRIES_TAB}
      after={
        ministry ? (
          <HistoryList
            id="ministry-history"
            current={{ saved_at: ministry.updated_at, saved_by: ministry.updated_by }}
            entries={history}
            viewHref={(version) => `${editHref}?version=${version}`}
            viewing={viewing?.id ?? null}
          />
        ) : null
      }
    >
      <Form method="post" encType="multipart/form-data" {...formProps} className="space-y-5">
        {viewing ? <VersionBanner version={viewing} currentHref={editHref} /> : null}
        <FormAlert message={form.errors?.[0]} />
        {ministry ? <VersionField version={ministry.version} answer={actionData} /> : null}
        <SlugField pathPrefix="/ministries/" title={fields.title} slug={fields.slug} auto={fields.slug_auto} savedSlug={ministry?.slug} />
        <TextAreaField field={fields.short_description} label="Short Description" rows={2} hint="One or two sentences for the ministry cards." />
        <TextAreaField field={fields.full_description} label="Full Description" rows={8} hint="Each line becomes a paragraph on the ministry's page." />
        <TextField
          field={fields.sort_order}
          label="Sort Order"
          type="number"
          inputMode="numeric"
          step={1}
          placeholder="0"
          hint="Lower numbers are listed first."
          className="max-w-40"
        />
        <ImageField kind="ministry" label="Image" defaultUrl={postedImageUrl ?? shownImage} onUploadingChange={setUploading} />
        <TextField
          field={fields.image_alt}
          label="Image description"
          placeholder="e.g. A mentor and a young man reading the Bible"
          hint="Read aloud to people who cannot see the picture. Leave empty to use the title."
        />
        <SwitchField field={fields.active} label="Active (visible to users)" />
        <FormActions
          cancelTo={MINISTRIES_TAB}
          {...(viewing ? RESTORE_SUBMIT : { submitLabel: editing ? "Update Ministry" : "Create Ministry", pendingLabel: editing ? "Updating..." : "Creating..." })}
          pending={pending}
          disabled={uploading}
        />
      </Form>
    </AdminFormPage>
  );
}

/** A new form for each version shown, so every field starts from that version. */
export default function MinistryForm(props: Route.ComponentProps) {
  return <MinistryFormBody key={props.loaderData.viewing?.id ?? "current"} {...props} />;
}
