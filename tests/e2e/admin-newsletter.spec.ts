// The newsletter end to end at 360 px, against the production build where wrangler simulates Email
// Service and Queues: a visitor subscribes in the footer, an admin opens the confirmation e-mail in
// the outbox and the visitor follows its link and confirms; then the admin composes a newsletter,
// sees the preview, sends it, and the outbox shows the visitor's copy sent.
import { type Dialog, expect, test } from "@playwright/test";
import { hydrated, signIn } from "./support/admin.ts";

test("subscribe, confirm by the link from the outbox, compose, preview and send a newsletter, see it sent @mobile", async ({ page }) => {
  test.setTimeout(60_000);
  const reader = `reader-${Date.now().toString(36)}@example.mw`;
  const subject = `News for ${reader}`;

  await page.goto("/");
  await page.getByPlaceholder("Your email address").fill(reader);
  await page.getByRole("button", { name: "Subscribe" }).click();
  // The home page runs no React: the footer's form posts as plain HTML and the answer comes back as a toast.
  await expect(page.getByRole("status").filter({ hasText: "Almost done" })).toContainText("Thank you! Check your inbox to confirm.");
  // Back where the visitor was: at the footer's form, not the top of the page.
  await expect(page).toHaveURL(/\/#subscribe$/);
  await expect(page.getByRole("button", { name: "Subscribe" })).toBeInViewport();

  await signIn(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Outbox" }).click();
  const confirmation = page.getByRole("listitem").filter({ hasText: `To ${reader} · Subscription confirmation` });
  await confirmation.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Please confirm your subscription/);
  const text = await page.locator("details pre").first().textContent();
  const link = /http\S+\/newsletter\/confirm\/[a-f0-9]{32}/.exec(text ?? "")?.[0];
  expect(link).toBeDefined();

  await page.goto(link!);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! You are subscribed." })).toBeVisible();

  await page.goto("/admin/newsletter");
  await hydrated(page);
  // Without a subject the form says so, and no one is asked to send it first.
  const questions: string[] = [];
  const dismiss = (dialog: Dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  };
  page.on("dialog", dismiss);
  await page.getByRole("button", { name: "Send to all confirmed subscribers" }).click();
  await expect(page.getByLabel("Subject")).toHaveAccessibleDescription(/Please enter a subject/);
  page.off("dialog", dismiss);
  expect(questions).toEqual([]);
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Intro").fill("Dear brothers,\n\nThe national conference is near.");
  await page.getByRole("group", { name: "Recent posts to include" }).getByRole("checkbox").first().check();
  const preview = page.frameLocator("iframe[title='Preview of the newsletter e-mail']");
  await expect(preview.getByText("The national conference is near.")).toBeVisible();
  await expect(preview.getByRole("heading", { name: "From the blog" })).toBeVisible();
  await expect(page.getByLabel("The newsletter as text for WhatsApp")).toHaveValue(new RegExp(`^\\*${subject}\\*`));

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Send to all confirmed subscribers" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/\d+$/);
  // The queue's consumer sends the copies; the page follows them until none remain.
  await expect(page.getByRole("status").filter({ hasText: "remaining" })).toContainText("0 remaining", { timeout: 30_000 });

  await page.goto("/admin/outbox?status=sent");
  const copy = page.getByRole("listitem").filter({ hasText: `To ${reader} · Newsletter` });
  await expect(copy).toContainText(subject);
  await expect(copy).toContainText("Sent");
});
