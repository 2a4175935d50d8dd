// /admin/blogs/new and /admin/blogs/edit/:id on the server: the post the form starts from with the
// categories, its History (and the version ?version= asks to view), and the save, restore and
// delete its posts ask for.
import { BLOG_MESSAGES as MESSAGES, blogSchemaWithCategories, describePublishing, formSlug, publishingOf } from "~/features/publishing";
import { adminTabHref } from "~/lib/admin-tabs";
import { isoToSiteLocalInput, todayInSiteZone } from "~/lib/time";
import { blogCategories, type BlogCategoryOption, blogFormData, type BlogInput, createBlog, deleteBlog, getBlog, updateBlog } from "~/features/publishing/index.server";
import { askedVersion, guardedUpdated, saveGuard, saveKindOf, savedToast, viewedVersion } from "~/features/history/index.server";
import { adminContext } from "~/features/accounts";
import { noteSaved } from "~/features/accounts/index.server";
import { decideImage, releaseImages, releaseReplacedImages, uploadErrorToast, withStoredImageOnly } from "~/features/images/index.server";
import {
  created,
  invalidFormToast,
  readAdminPost,
  recordIdOf,
  recordToEdit,
  refuseAdminForm,
  saveFailedMessage,
  UNREADABLE_FORM,
} from "~/server/admin-actions.server";
import { redirectWithToast } from "~/server/toast.server";
import { parseSubmission } from "~/server/forms.server";
import { answerDeletedMeanwhile, answerUnsaved, deleteRecord } from "../record-actions.server";
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
  const id = recordIdOf(params.id);
  const edit =
    id === null
      ? null
      : await recordToEdit(request, id !== undefined && blogFormData(id, new Date(), asked), {
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
  const { id, formData } = post;

  const form = { request, context, tab: TAB, record: RECORD, id };
  if (post.intent === "delete") {
    const { answer, removed } = await deleteRecord(form, MESSAGES, deleteBlog);
    if (removed) releaseImages(context, [removed.image_url, ...removed.released]);
    return answer;
  }

  // The categories as they are now; if they cannot be read, the database's own foreign key still
  // refuses an unknown one.
  const categories = await categoriesOrNull();
  const schema = blogSchemaWithCategories(categories && new Set(categories.map((c) => c.id)));
  const submission = withStoredImageOnly(parseSubmission(formData, schema));
  if (submission.status !== "success") return refuseAdminForm(submission);

  const kind = saveKindOf(post);
  const failed = saveFailedMessage(kind, MESSAGES);
  const previous = id === null ? null : await getBlog(id);
  if (previous === undefined) return answerDeletedMeanwhile(form, formData, failed);
  const guard = saveGuard(post, context.get(adminContext).email);
  if (!guard) return refuseAdminForm(submission, invalidFormToast, { formError: UNREADABLE_FORM });
  const image = await decideImage(formData, "blog", previous?.image_url ?? null);
  const { slug_auto, status, publish_at, ...value } = submission.value;
  const input: BlogInput = { ...value, slug: formSlug({ ...value, slug_auto }), image_url: image.url, ...publishingOf({ status, publish_at }) };
  const saved = id === null ? await created(createBlog(input, guard.by)) : await guardedUpdated(id, updateBlog(id, input, guard));
  // Published now, the save keeps (or sets) the time itself: the form's empty time is no change of it.
  const written = input.status === "published" ? { ...input, publish_at: previous?.publish_at ?? null } : input;
  if (saved.status !== "saved") return answerUnsaved(form, saved, { submission, formData, failed, stale: MESSAGES.stale, image, duplicate: MESSAGES.duplicate, compare: { theirs: previous, yours: written } });

  noteSaved(context, kind, RECORD, saved.id, previous, written);
  releaseReplacedImages(context, image, saved.released);
  return redirectWithToast(request, TAB, uploadErrorToast(image, MESSAGES.uploadFailed) ?? savedToast(kind, MESSAGES, describePublishing(input)));
}
