import { expect, test } from "@playwright/test";

test("an unknown address shows the 404 page, logs the path and links home, with only the islands script", async ({ page }) => {
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect.poll(() => messages.join("\n")).toContain("404 Error: User attempted to access non-existent route: /this/page/does-not-exist");
  // A link to a deleted page, shared on WhatsApp, costs a few KB: no React for a page that says "not found".
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/islands-\w+\.js$/)]);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
