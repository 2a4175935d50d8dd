// /admin/blogs/new and /admin/blogs/edit/:id (SPEC section 2, Blog form). The publication date is a
// calendar date; a new post starts on today's date in Malawi, whatever the admin's device says.
import { useEffect, useMemo, useState } from "react";
import { Form } from "react-router";
import { AdminFormPage, FormActions, SelectField, useAdminForm } from "~/components/admin/form-kit";
import { ImageField } from "~/components/admin/image-field";
import { SlugField } from "~/components/admin/slug-field";
import { TextAreaField, TextField } from "~/components/form-fields";
import { showToast } from "~/components/toaster";
import { BLOG_DATE_INVALID, blogSchemaWithCategories } from "~/forms/blog";
import { adminTabHref } from "~/lib/admin-tabs";
import type { Route } from "./+types/blog-form";

export { action, loader } from "./blog-form.server";

const BLOGS_TAB = adminTabHref("blogs");

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.post ? "Edit Blog" : "Add Blog"} | Admin` }];

export default function BlogForm({ loaderData, actionData }: Route.ComponentProps) {
  const { post, categories, categoriesError, today } = loaderData;
  const editing = post !== null;
  const schema = useMemo(
    () => blogSchemaWithCategories(categoriesError ? null : new Set(categories.map((c) => c.id))),
    [categories, categoriesError],
  );
  const { fields, formProps, pending, postedImageUrl } = useAdminForm({
    schema,
    actionData,
    defaultValue: post ? { ...post, slug_auto: false } : { date: today, slug_auto: true },
    // A date picker holding half a date posts "", which would read as 'Date is required'.
    unreadable: { date: BLOG_DATE_INVALID },
  });
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (categoriesError) showToast({ title: "Error", description: categoriesError, variant: "destructive" });
  }, [categoriesError]);

  return (
    <AdminFormPage title={editing ? "Edit Blog" : "Add Blog"} backTo={BLOGS_TAB}>
      <Form method="post" encType="multipart/form-data" {...formProps} className="space-y-5">
        <SlugField pathPrefix="/blog/" title={fields.title} slug={fields.slug} auto={fields.slug_auto} />
        <div className="grid gap-5 sm:grid-cols-2">
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
        <ImageField kind="blog" label="Featured Image" defaultUrl={postedImageUrl ?? post?.image_url ?? null} onUploadingChange={setUploading} />
        <TextField
          field={fields.image_alt}
          label="Image description"
          placeholder="e.g. Men gathered around a new borehole"
          hint="Read aloud to people who cannot see the picture. Leave empty to use the title."
        />
        <FormActions
          cancelTo={BLOGS_TAB}
          submitLabel={editing ? "Update Blog" : "Create Blog"}
          pendingLabel={editing ? "Updating..." : "Creating..."}
          pending={pending}
          disabled={uploading}
        />
      </Form>
    </AdminFormPage>
  );
}
