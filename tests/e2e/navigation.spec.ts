import { expect, test } from "@playwright/test";
import { scriptsDone } from "./support/scripts.ts";

test("desktop header: dropdowns open, list their pages and close with Escape @desktop", async ({ page }) => {
  await page.goto("/");
  // Escape and a click outside are the islands script's (the page works without it, and a quick
  // Escape before it has come does nothing, as it would for a visitor).
  await scriptsDone(page);
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  for (const link of ["Home", "About Us", "Ministries", "Events", "Blog", "Testimonies", "Contact"]) {
    await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();

  const aboutToggle = nav.getByLabel("About Us submenu");
  await aboutToggle.click();
  await expect(nav.getByRole("link", { name: "Our History" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Our History" })).toHaveAttribute("href", "/about#history");
  await expect(nav.getByRole("link", { name: "Leadership Team" })).toHaveAttribute("href", "/leadership");
  await page.keyboard.press("Escape");
  await expect(nav.getByRole("link", { name: "Our History" })).toBeHidden();
  await expect(aboutToggle).toBeFocused();

  // Keyboard only: Tab to the Ministries toggle and open it with Enter.
  await nav.getByLabel("Ministries submenu").focus();
  await page.keyboard.press("Enter");
  await expect(nav.getByRole("link", { name: "Youth Mentorship" })).toHaveAttribute("href", "/ministries#youth-mentorship");
  await page.mouse.click(5, 600);
  await expect(nav.getByRole("link", { name: "Youth Mentorship" })).toBeHidden();

  // Tabbing on through an open submenu and past it closes it: it does not stay over the page.
  await aboutToggle.focus();
  await page.keyboard.press("Enter");
  await expect(nav.getByRole("link", { name: "Leadership Team" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Our Mission" })).toBeFocused();
  await expect(nav.getByRole("link", { name: "Leadership Team" })).toBeVisible();
  for (let step = 0; step < 8 && (await nav.getByRole("link", { name: "Leadership Team" }).isVisible()); step++) await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Leadership Team" })).toBeHidden();
  await expect(nav.getByRole("link", { name: "Ministries", exact: true })).toBeFocused();
});

test("desktop header: one submenu open at a time, also without JavaScript @desktop", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    await nav.getByLabel("About Us submenu").click();
    await expect(nav.getByRole("link", { name: "Our History" })).toBeVisible();
    await nav.getByLabel("Ministries submenu").click();
    await expect(nav.getByRole("link", { name: "Youth Mentorship" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Our History" }), `JavaScript ${javaScriptEnabled ? "on" : "off"}`).toBeHidden();
    await context.close();
  }
});

test("phone header: the menu button toggles a menu with the same entries @mobile", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
  const toggle = page.getByLabel("Menu", { exact: true });
  await toggle.click();
  const menu = page.getByRole("navigation", { name: "Main (mobile)" });
  for (const link of ["Home", "About Us", "Our Mission", "Our History", "Leadership Team", "Ministries", "Events", "Blog", "Testimonies", "Contact", "Login"]) {
    await expect(menu.getByRole("link", { name: link, exact: true })).toBeVisible();
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await menu.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(menu).toBeHidden();
});

test("phone header: a link to a part of the same page closes the menu @mobile", async ({ page }) => {
  await page.goto("/about");
  await scriptsDone(page); // the hashchange listener that closes it comes with the page's script
  await page.getByLabel("Menu", { exact: true }).click();
  const menu = page.getByRole("navigation", { name: "Main (mobile)" });
  await menu.getByRole("link", { name: "Our History", exact: true }).click();
  await expect(page).toHaveURL(/\/about#history$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { name: "Our History" })).toBeInViewport();
});

test("the skip link moves keyboard users to the content", async ({ page }) => {
  await page.goto("/auth");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});
