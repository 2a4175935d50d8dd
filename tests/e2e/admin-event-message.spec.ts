// The message composer at 360 px (issue 24), against the production build where SMS goes to the
// local simulator: an admin writes to an event's confirmed registrants, sees the preview's
// recipients, SMS length and cost, sends, and the page shows it on its way.
import { expect, test } from "@playwright/test";
import { expectNoSideways, hydrated, signIn } from "./support/admin.ts";

test("compose a message to registrants, preview its SMS and cost, and send it @mobile", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/events");
  const href = await page.locator("a[href^='/events/']").first().getAttribute("href");
  const id = /\/events\/(\d+)/.exec(href ?? "")?.[1];
  expect(id).toBeDefined();

  await signIn(page);
  await page.goto(`/admin/events/${id}/message`);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Message registrants" })).toBeVisible();
  await expect(page.getByText("SMS carries event logistics only")).toBeVisible();
  await page.getByRole("radio", { name: "Everyone registered (not cancelled)" }).check();
  await page.getByRole("radio", { name: "SMS and e-mail", exact: true }).check();
  const body = `The buses leave at 06:00 “sharp” ${Date.now().toString(36)}`;
  await page.getByLabel("Message").fill(body);
  // Counted as it will be sent, sender, event and link included: the same numbers as the preview's.
  const counted = /Each SMS as sent \(with the sender, event and link\): (\d+) characters, (\d+) SMS/;
  await expect(page.locator("#body-count")).toContainText(counted);
  const [, characters, segments] = counted.exec((await page.locator("#body-count").textContent())!)!;
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText(`Each SMS: ${characters} characters, ${segments} SMS`);
  await expect(preview).toContainText(/By SMS: \d+ (person|people)/);
  await expect(preview).toContainText(/Each SMS: \d+ characters, 1 SMS/);
  await expect(preview).toContainText(/Estimated cost: MK \d/);
  await expect(preview).toContainText('"sharp"');
  await expectNoSideways(page);

  await page.getByRole("button", { name: /^Send \d+ messages?$/ }).click();
  await expect(page.getByRole("region", { name: "Sent" })).toContainText(body);
  await expect(page.getByRole("region", { name: "Sent" })).toContainText("To: Everyone registered (not cancelled) · By SMS and e-mail ·");
  await expectNoSideways(page);
});

test("a message another admin sent first is not sent twice, and the page then lists theirs under Sent @mobile", async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  await page.goto("/events");
  const id = /\/events\/(\d+)/.exec((await page.locator("a[href^='/events/']").first().getAttribute("href")) ?? "")?.[1];
  const other = await (await browser.newContext({ baseURL, viewport: { width: 360, height: 640 } })).newPage();
  const body = `Parking is at the back gate ${Date.now().toString(36)}`;
  for (const admin of [page, other]) {
    await signIn(admin);
    await admin.goto(`/admin/events/${id}/message`);
    await hydrated(admin);
    await admin.getByLabel("Message").fill(body);
    await admin.getByRole("button", { name: "Preview" }).click();
    await expect(admin.getByRole("region", { name: "Preview" })).toBeVisible();
  }
  await other.getByRole("button", { name: /^Send \d+ messages?$/ }).click();
  await expect(other.getByRole("region", { name: "Sent" })).toContainText(body);
  await other.context().close();

  await page.getByRole("button", { name: /^Send \d+ messages?$/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "so nothing was sent now" }).first()).toBeVisible();
  // The refusal names their message, and the page shows it: not "No messages yet".
  await expect(page.getByRole("region", { name: "Sent" })).toContainText(body);
  await expect(page.getByText("No messages yet")).toHaveCount(0);
});
