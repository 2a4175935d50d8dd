// /admin/blogs/new and /admin/blogs/edit/:id (SPEC section 2, Blog form). The publication date is a
// calendar date; a new post starts on today's date in Malawi, whatever the admin's device says.
// Above the button: publish now, save as a draft, or schedule (issue 15). Editing shows the post's
// Preview link and its History; ?version= fills the form with a kept version to restore.
import { useEffect, useMemo, useState } from "react";
import { Form } from "react-router";
import { AdminFormPage, FormActions, SelectField, useAdminForm } from "~/components/admin/form-kit";
import { BLOG_DATE_INVALID, blogSchemaWithCategories, SlugField } from "~/features/publishing";
import { HistoryList, RESTORE_SUBMIT, VersionBanner, VersionField } from "~/features/history";
import { ImageField } from "~/features/images";
import { FormAlert, TextAreaField, TextField } from "~/components/form-fields";
import { showToast } from "~/components/toaster";
import { adminTabHref } from "~/lib/admin-tabs";
import type { Route } from "./+types/blog-form";
import { PreviewLink } from "~/features/publishing";
import { PublishingFields } from "./publishing-fields";

export { action, loader } from "./blog-form.server";

const BLOGS_TAB = adminTabHref("blogs");

// A save refused because someone saved first reads the page again: the History lists their save.
export { readAgainAfterConflict as shouldRevalidate } from "~/lib/form-answer";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.post ? "Edit Blog" : "Add Blog"} | Admin` }];

function BlogFormBody({ loaderData, actionData }: Route.ComponentProps) {
  const { post, history, viewing, categories, categoriesError, today } = loaderData;
  const editing = post !== null;
  const schema = useMemo(
    () => blogSchemaWithCategories(categoriesError ? null : new Set(categories.map((c) => c.id))),
    [categories, categoriesError],
  );
  const { form, fields, formProps, pending, postedImageUrl } = useAdminForm({
    schema,
    actionData,
    defaultValue: post ? { ...post, ...viewing?.values, slug_auto: false } : { date: today, slug_auto: true, status: "published" },
    // A date picker holding half a date posts "", which would read as 'Date is required'.
    unreadable: { date: BLOG_DATE_INVALID },
  });
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (categoriesError) showToast({ title: "Error", description: categoriesError, variant: "destructive" });
  }, [categoriesError]);

  const editHref = post ? `/admin/blogs/edit/${post.id}` : "";
  // A version's picture is kept while the version is, so it can be shown and restored.
  const versionImage = viewing?.values.image_url;
  const shownImage = viewing ? (typeof versionImage === "string" ? versionImage : null) : (post?.image_url ?? null);
  return (
    <AdminFormPage
      title={editing ? "Edit Blog" : "Add Blog"}
      backTo={BLOGS_TAB}
      beside={post ? <PreviewLink id={post.id} title={post.title} newTab /> : null}
      after={
        post ? (
          <HistoryList
            id="blog-history"
            current={{ saved_at: post.updated_at, saved_by: post.updated_by }}
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
        {post ? <VersionField version={post.version} answer={actionData} /> : null}
        <SlugField pathPrefix="/blog/" title={fields.title} slug={fields.slug} auto={fields.slug_auto} savedSlug={post?.slug} />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField field={fields.author} label="Author" autoComplete="name" />
          <TextField field={fields.date} label="Publication Date" type="date" />
        </div>
        <div>
          <SelectField
            field={fields.category_id}
            label="Category"
            emptyOption="No Category"
            options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          />
          {categoriesError ? (
            <p role="alert" className="mt-1.5 text-sm font-medium text-red-700">
              {categoriesError}. You can save the post with No Category and set it later.
            </p>
          ) : null}
        </div>
        <TextAreaField field={fields.excerpt} label="Excerpt" rows={3} hint="A short summary that appears in blog listings" />
        <TextAreaField
          field={fields.content}
          label="Content"
          rows={10}
          hint="Each line becomes a paragraph; leave a blank line for extra space."
        />
        <ImageField kind="blog" label="Featured Image" defaultUrl={postedImageUrl ?? shownImage} onUploadingChange={setUploading} />
        <TextField
          field={fields.image_alt}
          label="Image description"
          placeholder="e.g. Men gathered around a new borehole"
          hint="Read aloud to people who cannot see the picture. Leave empty to use the title."
        />
        <PublishingFields status={fields.status} publishAt={fields.publish_at} />
        <FormActions
          cancelTo={BLOGS_TAB}
          {...(viewing ? RESTORE_SUBMIT : { submitLabel: editing ? "Update Blog" : "Create Blog", pendingLabel: editing ? "Updating..." : "Creating..." })}
          pending={pending}
          disabled={uploading}
        />
      </Form>
    </AdminFormPage>
  );
}

/** A new form for each version shown, so every field starts from that version. */
export default function BlogForm(props: Route.ComponentProps) {
  return <BlogFormBody key={props.loaderData.viewing?.id ?? "current"} {...props} />;
}
