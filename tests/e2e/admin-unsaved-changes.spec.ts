// A volunteer on a phone who has typed into an admin form is asked before leaving it (decision 039):
// by a link of the page (Back, Cancel, the header's), the phone's back button, or a reload. Saving
// never asks, and neither does a form nobody touched. And a text pasted past a field's limit is kept
// whole and said to be too long, not cut without a word. Settings' several forms are in
// admin-settings.spec.ts (its saves change every page, so they run on their own).
import { expect, test, type Page, type Route } from "@playwright/test";
import { DEMO_ADMIN, DEMO_STAFF } from "../../app/db/seed/demo.ts";
import { hydrated, signIn, toast, uniqueName } from "./support/admin.ts";

const EDITOR = { email: DEMO_STAFF.find((staff) => staff.role === "editor")!.email, password: DEMO_ADMIN.password };
const LEAVE_QUESTION = "You have changes that are not saved. Leave this page and lose them?";

/**
 * Answers each dialog the page opens, Stay (dismiss) unless `leave` is set, and notes its kind and
 * words. A page left or reloaded while it waits would end the test, so every one is answered.
 */
function answerDialogs(page: Page) {
  const dialogs: { type: string; message: string }[] = [];
  const answer = { leave: false };
  page.on("dialog", (dialog) => {
    dialogs.push({ type: dialog.type(), message: dialog.message() });
    void (answer.leave ? dialog.accept() : dialog.dismiss());
  });
  return { dialogs, answer };
}

async function openNewPost(page: Page) {
  await page.getByRole("link", { name: "Write Blog Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blogs\/new$/);
  await hydrated(page);
}

/** A new post's four required fields, as an editor types them. */
async function fillNewPost(page: Page, post: { title: string; excerpt: string; content: string }) {
  await page.getByLabel("Title", { exact: true }).fill(post.title);
  await page.getByLabel("Author").fill("Rev. Chikondi Banda");
  await page.getByLabel("Excerpt").fill(post.excerpt);
  await page.getByLabel("Content").fill(post.content);
}

test("a post being written asks before Back, Cancel, the phone's back button or a reload lose it; Stay keeps it", async ({ page }) => {
  const { dialogs, answer } = answerDialogs(page);
  await signIn(page, EDITOR);
  await hydrated(page, "main a[href='/admin/blogs/new']");
  await openNewPost(page);
  const content = page.getByLabel("Content");
  await content.click();
  await content.fill("Brothers, the retreat starts on Friday.");

  await page.getByRole("link", { name: "Back" }).click();
  await expect.poll(() => dialogs.length).toBe(1);
  expect(dialogs[0]).toEqual({ type: "confirm", message: LEAVE_QUESTION });
  await expect(page).toHaveURL(/\/admin\/blogs\/new$/);
  await expect(content).toHaveValue("Brothers, the retreat starts on Friday.");

  await page.getByRole("link", { name: "Cancel" }).click();
  await expect.poll(() => dialogs.length, { message: "Cancel asks" }).toBe(2);
  await page.getByRole("link", { name: "View Website" }).click();
  await expect.poll(() => dialogs.length, { message: "View Website asks" }).toBe(3);
  await page.goBack();
  await expect.poll(() => dialogs.length, { message: "the back button asks" }).toBe(4);
  expect(dialogs.slice(1).map((dialog) => dialog.type)).toEqual(["confirm", "confirm", "confirm"]);
  await expect(page).toHaveURL(/\/admin\/blogs\/new$/);

  // A reload asks through the browser's own question (its words are the browser's).
  void page.reload().catch(() => undefined);
  await expect.poll(() => dialogs.length).toBe(5);
  expect(dialogs[4]!.type).toBe("beforeunload");
  await expect(content).toHaveValue("Brothers, the retreat starts on Friday.");

  // Leave goes.
  answer.leave = true;
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).not.toHaveURL(/\/admin\/blogs\/new$/);
  expect(dialogs).toHaveLength(6);
});

test("a form nobody touched is left without a question, by a link or a reload", async ({ page }) => {
  const { dialogs } = answerDialogs(page);
  await signIn(page);
  await hydrated(page, "main a[href='/admin/blogs/new']");
  await openNewPost(page);
  await page.reload();
  await hydrated(page);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).not.toHaveURL(/\/admin\/blogs\/new$/);
  expect(dialogs).toEqual([]);
});

test("a refused save is still not saved; a saved post leaves without a question", async ({ page }) => {
  const { dialogs, answer } = answerDialogs(page);
  await signIn(page);
  await hydrated(page, "main a[href='/admin/blogs/new']");
  await openNewPost(page);
  const title = uniqueName("Unsaved changes");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Content").fill("A word for Sunday morning.");
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByText("Author is required").first()).toBeVisible();
  await page.getByRole("link", { name: "Back" }).click();
  await expect.poll(() => dialogs.length).toBe(1);
  await expect(page).toHaveURL(/\/admin\/blogs\/new$/);

  await page.getByLabel("Author").fill("Rev. Chikondi Banda");
  await page.getByLabel("Excerpt").fill("A word for Sunday morning.");
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(toast(page)).toContainText("Blog created successfully");
  answer.leave = false;
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  expect(dialogs).toHaveLength(1);
});

test("a save pressed with no connection is not sent: the form stays as typed, says so, and saves once the signal is back", async ({ page, context }) => {
  const { dialogs } = answerDialogs(page);
  await signIn(page, EDITOR);
  await hydrated(page, "main a[href='/admin/blogs/new']");
  await openNewPost(page);
  const title = uniqueName("No signal");
  await fillNewPost(page, { title: title, excerpt: "Written on the bus.", content: "Typed in a valley with no signal." });

  await context.setOffline(true);
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(toast(page)).toContainText("No connection");
  await expect(toast(page)).toContainText("Your changes were not sent. What you typed is still here");
  await expect(page).toHaveURL(/\/admin\/blogs\/new$/);
  await expect(page.getByLabel("Content")).toHaveValue("Typed in a valley with no signal.");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);

  await context.setOffline(false);
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(toast(page)).toContainText("Blog created successfully");
  expect(dialogs).toEqual([]);
});

test("a save whose request fails on a weak signal (the phone says online) loses nothing: 'Send my changes again' saves it, once", async ({ page }) => {
  answerDialogs(page);
  await signIn(page, EDITOR);
  await hydrated(page, "main a[href='/admin/blogs/new']");
  await openNewPost(page);
  const title = uniqueName("Weak signal");
  await fillNewPost(page, { title: title, excerpt: "Sent as the signal dropped.", content: "The request never reached the server." });
  const save = "**/admin/blogs/new.data*";
  await page.route(save, (route) => (route.request().method() === "POST" ? route.abort("failed") : route.continue()));
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByRole("heading", { name: "No answer from the site" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);

  await page.unroute(save);
  await page.getByRole("button", { name: "Send my changes again" }).click();
  await expect(toast(page)).toContainText("Blog created successfully");
  await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(1);
});

test("a save whose answer is lost after it reached the server: 'Send my changes again' makes no second post, and an edit sent again says it was saved", async ({ page }) => {
  answerDialogs(page);
  await signIn(page, EDITOR);
  await hydrated(page, "main a[href='/admin/blogs/new']");
  await openNewPost(page);
  const title = uniqueName("Answer lost");
  await fillNewPost(page, { title, excerpt: "Saved, but the answer never came back.", content: "The signal dropped on the way back." });
  // The request reaches the server (which saves), then the connection drops before the answer arrives.
  const loseAnswer = async (route: Route) => {
    if (route.request().method() !== "POST") return route.continue();
    await route.fetch();
    await route.abort("connectionreset");
  };
  await page.route("**/admin/blogs/**.data*", loseAnswer);
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByRole("heading", { name: "No answer from the site" })).toBeVisible();
  // It may have been saved: the page does not say it was not.
  await expect(page.getByText("so your changes may not have been saved")).toBeVisible();
  await page.unroute("**/admin/blogs/**.data*", loseAnswer);
  await page.getByRole("button", { name: "Send my changes again" }).click();
  await expect(toast(page)).toContainText("Blog created successfully");
  await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(1);

  // The same with an edit: sent again, it is already saved (not refused as someone else's, not a broken page).
  await hydrated(page, "main a[href='/admin/blogs/new']");
  await page.getByRole("listitem").filter({ hasText: title }).locator("a[href*='/admin/blogs/edit/']").first().click();
  await hydrated(page);
  await page.getByLabel("Excerpt").fill("Edited, and the answer was lost again.");
  await page.route("**/admin/blogs/**.data*", loseAnswer);
  await page.getByRole("button", { name: "Update Blog" }).click();
  await expect(page.getByRole("heading", { name: "No answer from the site" })).toBeVisible();
  await page.unroute("**/admin/blogs/**.data*", loseAnswer);
  await page.getByRole("button", { name: "Send my changes again" }).click();
  await expect(toast(page)).toContainText("Your changes were saved the first time you sent them.");
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
});

test("leaving while a save is still on its way asks first; Stay lets it finish and say so", async ({ page }) => {
  const { dialogs } = answerDialogs(page);
  await signIn(page, EDITOR);
  await hydrated(page, "main a[href='/admin/blogs/new']");
  await openNewPost(page);
  await fillNewPost(page, { title: uniqueName("Slow save"), excerpt: "Sent on a slow connection.", content: "Three seconds on the way." });
  // A slow connection: the save takes 3 seconds to reach the server.
  await page.route("**/admin/blogs/new.data*", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByRole("button", { name: /Creating/ })).toBeVisible();
  await page.goBack();
  await expect.poll(() => dialogs.length).toBe(1);
  expect(dialogs[0]).toEqual({ type: "confirm", message: "Your changes are still being saved. If you leave now, they may not be saved. Leave anyway?" });
  // The save itself waits 3 of the default 5 seconds on the route above: on a slow machine the toast needs longer.
  await expect(toast(page)).toContainText("Blog created successfully", { timeout: 15_000 });
});

test("a summary pasted past its limit is kept whole and said to be too long, not cut", async ({ page }) => {
  answerDialogs(page);
  await signIn(page, EDITOR);
  await hydrated(page, "main a[href='/admin/blogs/new']");
  await openNewPost(page);
  const excerpt = page.getByLabel("Excerpt");
  const summary = `${"The men of Lilongwe gathered to pray and to plan the year's outreach. ".repeat(9)}Amen.`.slice(0, 573);
  expect(summary).toHaveLength(573);
  await excerpt.click();
  // As a paste puts it: the browser's own insertion, which maxlength would cut.
  await page.keyboard.insertText(summary);
  await expect(excerpt).toHaveValue(summary);
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page.getByText("Please keep this under 500 characters")).toBeVisible();
  await expect(excerpt).toHaveAttribute("aria-invalid", "true");
  await expect(excerpt).toHaveValue(summary);
});
