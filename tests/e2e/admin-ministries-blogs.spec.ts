// The ministries and blogs managers as an admin uses them: the slug that follows the title while
// auto-generate is on, a refused save that keeps what was typed, edit, delete through the dialog,
// and a blog post dated today in Malawi with a category. Runs on the desktop and at 360 px, with
// the browser in New York time so the default date proves it is Malawi's today, not the device's.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSideways, hydrated, signIn, toast, uniqueName } from "./support/admin.ts";

test.use({ timezoneId: "America/New_York" });
// Each test walks a whole create-edit-delete round: give it room on a busy machine.
test.describe.configure({ timeout: 90_000 });

const slugOf = (title: string) => title.toLowerCase().replace(/'/g, "").replace(/[^a-z0-9]+/g, "-");

function row(page: Page, title: string) {
  return page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
}

test("an admin adds a ministry with the slug following the title, then edits and deletes it", async ({ page }) => {
  const title = uniqueName("Men's Prayer Walk");
  await signIn(page);
  await page.goto("/admin?tab=ministries");
  await page.getByRole("link", { name: "Add Ministry" }).click();
  await expect(page).toHaveURL(/\/admin\/ministries\/new$/);
  await expect(page.getByRole("heading", { name: "Add Ministry" })).toBeVisible();
  await hydrated(page);

  const auto = page.getByRole("switch", { name: "Auto-generate slug from title" });
  const slug = page.getByLabel("Slug", { exact: true });
  await expect(auto).toBeChecked();
  await expect(slug).not.toBeEditable();
  await expect(page.getByLabel("Sort Order")).toHaveValue("0");
  await expect(page.getByRole("switch", { name: "Active (visible to users)" })).toBeChecked();

  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(slug).toHaveValue(slugOf(title));
  await expect(page.getByText(`Web address: /ministries/${slugOf(title)}`)).toBeVisible();

  // Turning auto-generate off lets the admin type the slug.
  await auto.uncheck();
  await expect(slug).toBeEditable();
  const ownSlug = `${slugOf(title)}-walk`;
  await slug.fill(ownSlug);

  // A refused save: the spec's message by the field, the focus on it, and everything typed kept.
  await page.getByLabel("Full Description").fill("We walk and pray through the city.\nAll men are welcome.");
  await page.getByLabel("Sort Order").fill("5");
  await page.getByRole("button", { name: "Create Ministry" }).click();
  await expect(page.getByText("Short description is required").first()).toBeVisible();
  await expect(page.getByLabel("Short Description")).toBeFocused();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(slug).toHaveValue(ownSlug);
  await expect(page.getByLabel("Full Description")).toHaveValue("We walk and pray through the city.\nAll men are welcome.");
  await expect(page.getByLabel("Sort Order")).toHaveValue("5");
  await expect(page).toHaveURL(/\/admin\/ministries\/new$/);
  await expectNoSideways(page);

  await page.getByLabel("Short Description").fill("Men praying for their city on foot.");
  await page.getByRole("button", { name: "Create Ministry" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=ministries$/);
  await expect(toast(page)).toContainText("Ministry created successfully");
  const listed = row(page, title);
  await expect(listed.getByText(ownSlug, { exact: true })).toBeVisible();
  await expect(listed).toContainText("Sort order 5");
  await expect(listed.getByText("Active", { exact: true })).toBeVisible();
  await expectNoSideways(page);

  await listed.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Ministry" })).toBeVisible();
  await hydrated(page);
  await expect(auto).not.toBeChecked();
  await expect(slug).toHaveValue(ownSlug);
  // Editing the title of an existing ministry keeps its address.
  await page.getByLabel("Title", { exact: true }).fill(`${title} Group`);
  await expect(slug).toHaveValue(ownSlug);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("switch", { name: "Active (visible to users)" }).uncheck();
  await page.getByRole("button", { name: "Update Ministry" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=ministries$/);
  await expect(toast(page)).toContainText("Ministry updated successfully");
  await expect(row(page, title).getByText("Inactive", { exact: true })).toBeVisible();

  await hydrated(page);
  await row(page, title).getByRole("link", { name: `Delete ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete ministry?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Ministry deleted successfully");
  await expect(row(page, title)).toHaveCount(0);
});

test("an admin writes a blog post dated today in Malawi, with a category, and it is on the website", async ({ page }) => {
  const title = uniqueName("Walking With God");
  const malawiToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Blantyre" }).format(new Date());
  await signIn(page);
  await page.goto("/admin?tab=blogs");
  await page.getByRole("link", { name: "Add Blog" }).click();
  await expect(page.getByRole("heading", { name: "Add Blog" })).toBeVisible();
  await hydrated(page);

  await expect(page.getByLabel("Publication Date")).toHaveValue(malawiToday);
  await expect(page.getByRole("switch", { name: "Auto-generate slug from title" })).toBeChecked();
  await expect(page.getByLabel("Category")).toHaveValue("");
  await expect(page.getByLabel("Category").locator("option")).toHaveText(["No Category", "Devotional", "Family Life", "News", "Teaching"]);
  await expect(page.getByText("A short summary that appears in blog listings")).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue(slugOf(title));
  await page.getByLabel("Author").fill("Rev. Chikondi Banda");
  await page.getByLabel("Category").selectOption({ label: "Teaching" });
  await page.getByLabel("Excerpt").fill("A short teaching on walking with God every day.");
  await page.getByRole("button", { name: "Create Blog" }).click();
  // The content is missing: the message shows and nothing typed is lost.
  await expect(page.getByText("Content is required").first()).toBeVisible();
  await expect(page.getByLabel("Category")).toHaveValue("3");
  await expect(page.getByLabel("Excerpt")).toHaveValue("A short teaching on walking with God every day.");
  await expectNoSideways(page);

  await page.getByLabel("Content").fill("Enoch walked with God.\n\nSo can we, one day at a time.");
  await page.getByRole("button", { name: "Create Blog" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=blogs$/);
  await expect(toast(page)).toContainText("Blog created successfully");
  const listed = row(page, title);
  await expect(listed).toContainText("By Rev. Chikondi Banda");
  const [year, month, day] = malawiToday.split("-").map(Number);
  const shown = new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  await expect(listed).toContainText(shown);
  await expect(listed.getByText("Teaching", { exact: true })).toBeVisible();
  const publicLink = listed.getByRole("link", { name: `View ${title} on the website (opens in a new tab)` });
  await expect(publicLink).toHaveAttribute("target", "_blank");
  await expect(publicLink).toHaveAttribute("href", `/blog/${slugOf(title)}`);
  await expectNoSideways(page);

  await page.goto(`/blog/${slugOf(title)}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Enoch walked with God.")).toBeVisible();

  await page.goto("/admin?tab=blogs");
  await hydrated(page);
  await row(page, title).getByRole("link", { name: `Delete ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete blog post?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Blog deleted successfully");
  await expect(row(page, title)).toHaveCount(0);
});

test("an existing post opens with its values and auto-generate off", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin?tab=blogs");
  const title = "Iron Sharpens Iron: Why Every Man Needs Brothers";
  await row(page, title).getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edit Blog" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue("iron-sharpens-iron");
  await expect(page.getByRole("switch", { name: "Auto-generate slug from title" })).not.toBeChecked();
  await expect(page.getByLabel("Category").locator("option:checked")).toHaveText("Teaching");
  await expect(page.getByRole("button", { name: "Update Blog" })).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=blogs$/);
});

test("what an admin types before a slow page's script has loaded is kept once it loads: the title (the slug follows it) and a description", async ({ page }) => {
  await signIn(page);
  // A slow phone: the page's scripts arrive seconds after the form is on screen and typed in.
  let slowScripts = true;
  await page.route("**/assets/*.js", async (route) => {
    if (slowScripts) await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });

  await page.goto("/admin/blogs/new", { waitUntil: "commit" });
  const title = page.getByLabel("Title", { exact: true });
  await title.fill("Typed before the script");
  await hydrated(page);
  // Past the hydration's own work (the route manifest it fetches re-renders the form).
  await page.waitForLoadState("networkidle");
  await expect(page.getByLabel("Slug", { exact: true })).toHaveValue("typed-before-the-script");
  await expect(title).toHaveValue("Typed before the script");

  await page.goto("/admin/events/edit/2", { waitUntil: "commit" });
  const description = page.getByLabel("Description", { exact: true });
  await description.fill("Typed before the script loaded.");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  await expect(description).toHaveValue("Typed before the script loaded.");
  slowScripts = false;
});
