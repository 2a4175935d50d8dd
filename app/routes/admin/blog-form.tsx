// /admin/blogs/new and /admin/blogs/edit/:id (SPEC section 2, Blog form). The publication date is a
// calendar date; a new post starts on today's date in Malawi, whatever the admin's device says.
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Form } from "react-router";
import { AdminFormPage, FormActions, SelectField, useAdminForm } from "~/components/admin/form-kit";
import { ImageField } from "~/components/admin/image-field";
import { SlugField } from "~/components/admin/slug-field";
import { TextAreaField, TextField } from "~/components/form-fields";
import { showToast } from "~/components/toaster";
import { adminTabHref } from "~/lib/admin-tabs";
import { BLOG_DATE_INVALID, blogSchema, blogSchemaWithCategories } from "~/lib/schemas/blog";
import { formSlug } from "~/lib/slug";
import { todayInSiteZone } from "~/lib/time";
import {
  blogForEditQuery,
  categoriesByNameQuery,
  createBlog,
  deleteBlog,
  getBlog,
  updateBlog,
  type BlogInput,
  type BlogPost,
} from "~/models/blog.server";
import { entityAction, loadForEdit } from "~/server/admin-entity.server";
import { getDb, type Db } from "~/server/db.server";
import type { Route } from "./+types/blog-form";

const BLOGS_TAB = adminTabHref("blogs");
const CATEGORIES_FAILED = "Failed to load categories";

type Category = { id: number; name: string };
type Categories = { categories: Category[]; categoriesError: string | null };

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.post ? "Edit Blog" : "Add Blog"} | Admin` }];

async function loadCategories(db: Db): Promise<Categories> {
  try {
    return { categories: await categoriesByNameQuery(db), categoriesError: null };
  } catch (cause) {
    console.error("blog categories failed", cause);
    return { categories: [], categoriesError: CATEGORIES_FAILED };
  }
}

/**
 * The post and the categories in one D1 round trip. D1 fails a batch as a whole, so when it fails
 * the post is read alone: the form still opens (with only 'No Category') when just the categories
 * are unreadable, and a post that cannot be read fails the load.
 */
async function loadPostAndCategories(db: Db, id: number): Promise<({ post: BlogPost } & Categories) | undefined> {
  try {
    const [[post], categories] = await db.batch([blogForEditQuery(db, id), categoriesByNameQuery(db)]);
    return post ? { post, categories, categoriesError: null } : undefined;
  } catch (cause) {
    console.error("blog form batch failed", cause);
    const post = await getBlog(db, id);
    return post ? { post, categories: [], categoriesError: CATEGORIES_FAILED } : undefined;
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const edit = await loadForEdit(request, params.id, (id) => loadPostAndCategories(db, id), {
    path: BLOGS_TAB,
    message: "Could not fetch blog data",
  });
  const { categories, categoriesError } = edit ?? (await loadCategories(db));
  return { post: edit?.post ?? null, categories, categoriesError, today: todayInSiteZone() };
}

export async function action(args: Route.ActionArgs) {
  const db = getDb();
  // The categories as they are now; if they cannot be read, the database's own foreign key still
  // refuses an unknown one.
  const { categories, categoriesError } = await loadCategories(db);
  const schema = categoriesError ? blogSchema : blogSchemaWithCategories(new Set(categories.map((c) => c.id)));
  return entityAction(
    {
      tab: "blogs",
      schema,
      imageKind: "blog",
      toInput: ({ slug_auto, ...data }, image_url): BlogInput => ({ ...data, slug: formSlug({ ...data, slug_auto }), image_url }),
      messages: {
        created: { title: "Blog created successfully" },
        updated: { title: "Blog updated successfully" },
        createFailed: "Failed to create blog",
        updateFailed: "Failed to update blog",
        deleted: { title: "Blog deleted successfully" },
        deleteFailed: "Failed to delete blog",
        uploadFailed: "Failed to upload image.",
        duplicate: { field: "slug", message: "This slug is already used by another blog post. Please choose a different one." },
      },
      model: {
        imageOf: (id) => getBlog(db, id),
        create: (input) => createBlog(db, input),
        update: (id, input) => updateBlog(db, id, input),
        remove: (id) => deleteBlog(db, id),
      },
    },
    args,
  );
}

type TextName = "author" | "excerpt" | "content" | "image_alt";

export default function BlogForm({ loaderData, actionData }: Route.ComponentProps) {
  const { post, categories, categoriesError, today } = loaderData;
  const editing = post !== null;
  const schema = useMemo(
    () => (categoriesError ? blogSchema : blogSchemaWithCategories(new Set(categories.map((c) => c.id)))),
    [categories, categoriesError],
  );
  const { errors, onSubmit, pending, values } = useAdminForm(schema, actionData);
  const [uploading, setUploading] = useState(false);
  const [dateError, setDateError] = useState<string | null>(null);
  const value = (name: TextName) => values?.[name] ?? post?.[name] ?? "";

  useEffect(() => {
    if (categoriesError) showToast({ title: "Error", description: categoriesError, variant: "destructive" });
  }, [categoriesError]);

  // A date picker holding half a date submits "", which would read as 'Date is required'.
  function submit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const date = event.currentTarget.elements.namedItem("date");
    if (submitter?.value === "save" && date instanceof HTMLInputElement && date.validity.badInput) {
      event.preventDefault();
      setDateError(BLOG_DATE_INVALID);
      showToast({ title: "Error", description: BLOG_DATE_INVALID, variant: "destructive" });
      date.focus();
      return;
    }
    setDateError(null);
    onSubmit(event);
  }

  return (
    <AdminFormPage title={editing ? "Edit Blog" : "Add Blog"} backTo={BLOGS_TAB}>
      <Form method="post" encType="multipart/form-data" onSubmit={submit} noValidate className="space-y-5">
        <SlugField
          pathPrefix="/blog/"
          title={values?.title ?? post?.title ?? ""}
          slug={values?.slug ?? post?.slug ?? ""}
          auto={values ? values.slug_auto === "on" : !editing}
          titleMaxLength={200}
          titleError={errors.title}
          slugError={errors.slug}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Author" name="author" required maxLength={120} autoComplete="name" defaultValue={value("author")} error={errors.author} />
          <TextField
            label="Publication Date"
            name="date"
            type="date"
            required
            defaultValue={values?.date ?? post?.date ?? today}
            error={dateError ?? errors.date}
          />
        </div>
        <div>
          <SelectField
            label="Category"
            name="category_id"
            emptyOption="No Category"
            options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
            defaultValue={values?.category_id ?? (post?.category_id ? String(post.category_id) : "")}
            error={errors.category_id}
          />
          {categoriesError ? (
            <p role="alert" className="mt-1.5 text-sm font-medium text-red-700">
              {categoriesError}. You can save the post with No Category and set it later.
            </p>
          ) : null}
        </div>
        <TextAreaField
          label="Excerpt"
          name="excerpt"
          rows={3}
          required
          maxLength={500}
          hint="A short summary that appears in blog listings"
          defaultValue={value("excerpt")}
          error={errors.excerpt}
        />
        <TextAreaField
          label="Content"
          name="content"
          rows={10}
          required
          maxLength={50_000}
          hint="Each line becomes a paragraph; leave a blank line for extra space."
          defaultValue={value("content")}
          error={errors.content}
        />
        <ImageField
          kind="blog"
          label="Featured Image"
          defaultUrl={values?.image_url ?? post?.image_url ?? null}
          onUploadingChange={setUploading}
        />
        <TextField
          label="Image description"
          name="image_alt"
          maxLength={200}
          placeholder="e.g. Men gathered around a new borehole"
          hint="Read aloud to people who cannot see the picture. Leave empty to use the title."
          defaultValue={value("image_alt")}
          error={errors.image_alt}
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
