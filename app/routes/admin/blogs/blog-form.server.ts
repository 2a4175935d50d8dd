// /admin/blogs/new and /admin/blogs/edit/:id on the server: the post the form starts from with the
// categories, its History (and the version ?version= asks to view), and the save, restore and
// delete its posts ask for.
import { BLOG_MESSAGES as MESSAGES, blogSchemaWithCategories, describePublishing, formSlug, publishingOf } from "~/features/publishing";
import { adminTabHref } from "~/lib/admin-tabs";
import { isoToSiteLocalInput, todayInSiteZone } from "~/lib/time";
import { blogCategories, type BlogCategoryOption, blogFormData, type BlogInput, createBlog, deleteBlog, getBlog, updateBlog } from "~/features/publishing/index.server";
import { askedVersion, viewedVersion } from "~/features/history/index.server";
import { deleteWithImage, loadForEdit, readAdminPost, refuseAdminForm, saveWithImage } from "~/server/admin-actions.server";
import { parseSubmission } from "~/server/forms.server";
import type { Route } from "./+types/blog-form";

const TAB = adminTabHref("blogs");
/** What the activity log calls a record of this form. */
const RECORD = "blog post";

/** The categories, or null when they cannot be read (the form says so and offers 'No Category'). */
async function categoriesOrNull(): Promise<BlogCategoryOption[] | null> {
  try {
    return await blogCategories();
  } catch (cause) {
    console.error("blog categories failed", cause);
    return null;
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const asked = askedVersion(request);
  const edit = await loadForEdit(request, params.id, (id) => blogFormData(id, new Date(), asked), {
    path: TAB,
    message: asked === null ? MESSAGES.loadFailed : MESSAGES.versionOfDeleted,
  });
  const categories = edit ? edit.categories : await categoriesOrNull();
  const post = edit?.post;
  return {
    post: post
      ? {
          ...post,
          // The form starts at the post's status as visitors see it: a scheduled post whose time
          // has come is published, so saving it keeps it so.
          status: post.state,
          publish_at: post.state === "scheduled" ? isoToSiteLocalInput(post.publish_at) : "",
        }
      : null,
    history: edit?.history ?? [],
    viewing: edit ? await viewedVersion(request, asked, edit.version, `/admin/blogs/edit/${edit.post.id}`) : null,
    categories: categories ?? [],
    categoriesError: categories ? null : MESSAGES.categoriesFailed,
    // A new post starts on today's date in Malawi, whatever the admin's device says.
    today: todayInSiteZone(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, params.id, TAB);
  if ("refused" in post) return post.refused;

  if (post.intent === "delete") {
    return deleteWithImage(request, context, { post, record: RECORD, remove: deleteBlog, back: TAB, deleted: MESSAGES.deleted, failed: MESSAGES.deleteFailed });
  }

  // The categories as they are now; if they cannot be read, the database's own foreign key still
  // refuses an unknown one.
  const categories = await categoriesOrNull();
  const schema = blogSchemaWithCategories(categories && new Set(categories.map((c) => c.id)));
  const submission = parseSubmission(post.formData, schema);
  if (submission.status !== "success") return refuseAdminForm(submission);
  return saveWithImage(request, context, {
    post,
    record: RECORD,
    submission,
    imageKind: "blog",
    current: getBlog,
    toInput: ({ slug_auto, status, publish_at, ...value }, image_url): BlogInput => ({
      ...value,
      slug: formSlug({ ...value, slug_auto }),
      image_url,
      ...publishingOf({ status, publish_at }),
    }),
    create: createBlog,
    update: updateBlog,
    stale: MESSAGES.stale,
    describe: describePublishing,
    back: TAB,
    messages: MESSAGES,
  });
}
