// Publishing like a newsroom (issue 15), as an admin on a phone does it: a draft only staff can see,
// its preview, scheduling it a few seconds ahead and watching it appear for a visitor by itself;
// and undoing an edit from the post's History. Visitors are a separate browser without a session,
// so they meet the production build's edge cache: their checks are of a post's own page, whose
// 'Blog Post Not Found' answer (404) is never cached, so they see what the server decides.
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_STAFF } from "../../app/db/seed/demo.ts";
import { expectNoSideways, hydrated, signIn, toast, uniqueName } from "./support/admin.ts";

test.describe.configure({ timeout: 90_000 });

const slugOf = (title: string) => title.toLowerCase().replace(/'/g, "").replace(/[^a-z0-9]+/g, "-");

function row(page: Page, title: string) {
  return page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
}

/** A moment as a datetime-local value in Malawi time, to the second. */
function malawiLocal(at: Date): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Africa/Blantyre", dateStyle: "short", timeStyle: "medium" }).format(at).replace(" ", "T");
}

async function writePost(page: Page, title: string, content: string) {
  await page.goto("/admin/blogs/new");
  await hydrated(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Author").fill("Rev. Chikondi Banda");
  await page.getByLabel("Excerpt").fill("A word for Sunday morning.");
  await page.getByLabel("Content").fill(content);
}

/** A post created through the form, then opened for editing from the Blogs tab. */
async function createPostAndEdit(page: Page, title: string, content: string) {
  await writePost(page, title, content);
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(toast(page)).toContainText("Blog created successfully");
  await row(page, title).getByRole("link", { name: `Edit ${title}` }).click();
  await hydrated(page);
}

async function deletePost(page: Page, title: string) {
  await page.goto("/admin?tab=blogs");
  await hydrated(page);
  await row(page, title).getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("dialog", { name: "Delete blog post?" }).getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Blog deleted successfully");
}

test("a draft is previewed, scheduled, and appears for visitors by itself at its time", async ({ page, browser }) => {
  const title = uniqueName("Sunday Devotional");
  const path = `/blog/${slugOf(title)}`;
  const visitor = await (await browser.newContext()).newPage();
  await signIn(page);

  await writePost(page, title, "Be still, and know that I am God.");
  await expect(page.getByLabel("Publish now")).toBeChecked();
  await page.getByLabel("Save as draft").check();
  await expect(page.getByLabel("Publish at")).toBeHidden();
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=blogs$/);
  await expect(toast(page)).toContainText("Blog created successfully");
  await expect(toast(page)).toContainText("Saved as a draft");
  await expect(row(page, title).getByText("Draft", { exact: true })).toBeVisible();
  expect((await visitor.goto(path))?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Blog Post Not Found" })).toBeVisible();

  // The preview: the post as visitors will see it, for staff only.
  await row(page, title).getByRole("link", { name: `Preview ${title}` }).click();
  await expect(page.getByText("Preview – not visible to visitors")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Be still, and know that I am God.")).toBeVisible();
  await expectNoSideways(page);
  await visitor.goto(page.url());
  await expect(visitor).toHaveURL(/\/auth$/);

  // Scheduled a few seconds ahead (to the second, which the time field also takes).
  await page.getByRole("link", { name: "Edit this post" }).click();
  await hydrated(page);
  await expect(page.getByLabel("Save as draft")).toBeChecked();
  await page.getByLabel("Schedule").check();
  const publishAt = page.getByLabel("Publish at");
  await expect(publishAt).toBeVisible();
  const goesLive = new Date(Math.floor(Date.now() / 1000) * 1000 + 12_000);
  await publishAt.fill(malawiLocal(goesLive));
  await page.getByRole("button", { name: "Update Blog" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=blogs$/);
  await expect(toast(page)).toContainText("Scheduled for");
  await expect(row(page, title).getByText(/^Scheduled for /)).toBeVisible();
  await expectNoSideways(page);
  expect((await visitor.goto(path))?.status()).toBe(404);

  // Nobody does anything more: at its time, the post is there for visitors.
  await expect
    .poll(async () => (await visitor.goto(path))?.status(), { timeout: 25_000, intervals: [1_000] })
    .toBe(200);
  // Not a moment early: the server decides by its clock, when the visitor asks.
  expect(Date.now()).toBeGreaterThanOrEqual(goesLive.getTime());
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.reload();
  await expect(row(page, title).getByText("Published", { exact: true })).toBeVisible();

  await deletePost(page, title);
});

test("an edit is undone by restoring the earlier version from the post's History", async ({ page }) => {
  const title = uniqueName("Iron Sharpens Iron");
  const edited = `${title}, edited`;
  await signIn(page);
  await createPostAndEdit(page, title, "As iron sharpens iron.");
  await page.getByLabel("Title", { exact: true }).fill(edited);
  await page.getByLabel("Content").fill("A mistake typed over the text.");
  await page.getByRole("button", { name: "Update Blog" }).click();
  await expect(toast(page)).toContainText("Blog updated successfully");

  await row(page, edited).getByRole("link", { name: `Edit ${edited}` }).click();
  await hydrated(page);
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText("Current version")).toBeVisible();
  await history.getByRole("link", { name: /^View the version saved / }).click();
  await expect(page.getByText(/^You are viewing the version saved /)).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Content")).toHaveValue("As iron sharpens iron.");
  await expectNoSideways(page);
  // The form's own button restores too (the banner's is at the top): no 'Update Blog' beside a Restore.
  await expect(page.getByRole("button", { name: "Update Blog" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Restore", exact: true })).toHaveCount(2);
  await page.getByRole("button", { name: "Restore", exact: true }).last().click();
  await expect(page).toHaveURL(/\/admin\?tab=blogs$/);
  await expect(toast(page)).toContainText("Blog updated successfully");
  await expect(toast(page)).toContainText("The earlier version is back.");
  await expect(row(page, title)).toBeVisible();

  // The restore is a save too: the edit it undid is in History, ready to be restored in turn.
  await row(page, title).getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("region", { name: "History" }).getByRole("link", { name: /^View the version saved / })).toHaveCount(2);
  await page.goto(`/blog/${slugOf(title)}`);
  await expect(page.getByText("As iron sharpens iron.")).toBeVisible();

  await deletePost(page, title);
});

test("a save refused because someone saved first keeps what he typed, and the History under his form shows their save", async ({ page, browser }) => {
  const title = uniqueName("Two Hands");
  await signIn(page);
  await createPostAndEdit(page, title, "The first words.");
  const editPath = new URL(page.url()).pathname;

  // An editor opens the same post on his phone, and starts typing.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const editor = await phone.newPage();
  await signIn(editor, { email: DEMO_STAFF.find((staff) => staff.role === "editor")!.email, password: DEMO_ADMIN.password });
  await editor.goto(editPath);
  await hydrated(editor);
  const history = editor.getByRole("region", { name: /^History/ });
  await expect(history.getByRole("link", { name: /^View the version saved / })).toHaveCount(0);

  // The admin saves first.
  await page.getByLabel("Excerpt").fill("Changed by the admin first.");
  await page.getByRole("button", { name: "Update Blog" }).click();
  await expect(toast(page)).toContainText("Blog updated successfully");

  await editor.getByLabel("Content").fill("The editor's long devotional, typed on a phone.");
  await editor.getByRole("button", { name: "Update Blog" }).click();
  await expect(editor.getByText(/saved this post at .+, after you opened it/).first()).toBeVisible();
  await expect(editor.getByLabel("Content")).toHaveValue("The editor's long devotional, typed on a phone.");
  // The admin's save is the current version now, and the one it replaced is kept.
  await expect(history.getByText(`by ${DEMO_ADMIN.email}`).first()).toBeVisible();
  await expect(history.getByRole("link", { name: /^View the version saved / })).toHaveCount(1);
  await expect(editor.getByLabel("Content")).toHaveValue("The editor's long devotional, typed on a phone.");
  await phone.close();
  await deletePost(page, title);
});
