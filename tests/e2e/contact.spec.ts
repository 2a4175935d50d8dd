// The contact form as a visitor uses it, with and without JavaScript. Each run sends at most two
// valid messages per project, within the per-address limit of five (the phone-only one comes from an address of its own).
import { expect, test, type Page } from "@playwright/test";

/** The message form (the footer has its own e-mail field). */
function form(page: Page) {
  return page.locator("#message-form");
}

async function fill(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  await form(page).getByLabel("Full Name").fill(values.name);
  await form(page).getByLabel("Email Address").fill(values.email);
  await form(page).getByLabel("Subject").fill(values.subject);
  await form(page).getByLabel("Message").fill(values.message);
}

/** Resolves once the islands script drives the form (it takes over the browser's checks). */
async function islandReady(page: Page) {
  await page.waitForFunction(() => document.querySelector('form#contact[novalidate]') !== null);
}

test("with JavaScript: errors appear beside the fields, nothing is sent, then a valid message is confirmed", async ({ page }) => {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto("/contact");
  await islandReady(page);
  await form(page).getByLabel("Email Address").fill("not-an-email");
  await form(page).getByLabel("Subject").fill("A question");
  await page.getByRole("button", { name: "Send Message" }).click();

  await expect(page.getByText("Please enter your full name")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please enter your message")).toBeVisible();
  await expect(form(page).getByLabel("Full Name")).toBeFocused();
  await expect(form(page).getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
  await expect(form(page).getByLabel("Subject")).toHaveValue("A question");
  expect(posts).toEqual([]);

  await fill(page, { name: "Chisomo Tembo", email: "chisomo@example.mw", subject: "Joining a chapter", message: "Where does the fellowship meet in Area 25?" });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toContainText(
    "Thank you for contacting us. We will reply as soon as we can.",
  );
  await expect(form(page).getByLabel("Full Name")).toHaveValue("");
  await expect(page.getByText("Please enter your full name")).toBeHidden();
  expect(posts).toHaveLength(1);
});

test("a message pasted past its limit is kept whole and said to be too long, not cut", async ({ page }) => {
  await page.goto("/contact");
  await islandReady(page);
  const message = "We would like to invite the national team to our association's rally. ".repeat(72);
  expect(message.length).toBeGreaterThan(5000);
  await form(page).getByLabel("Full Name").fill("Chisomo Tembo");
  await form(page).getByLabel("Email Address").fill("chisomo@example.mw");
  await form(page).getByLabel("Subject").fill("An invitation");
  await form(page).getByLabel("Message").click();
  // As a paste puts it: the browser's own insertion, which maxlength would cut.
  await page.keyboard.insertText(message);
  await expect(form(page).getByLabel("Message")).toHaveValue(message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(form(page).getByText("Please keep this under 5000 characters")).toBeVisible();
  await expect(form(page).getByLabel("Message")).toHaveAttribute("aria-invalid", "true");
  await expect(form(page).getByLabel("Message")).toHaveValue(message);
});

test("a visitor without e-mail is asked for his phone instead, and his message with only a phone number is sent", async ({ page }, testInfo) => {
  // Another visitor's connection (the Worker reads the client's address from this header), so the
  // other tests' messages leave this one within the per-address limit.
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": testInfo.project.name === "mobile" ? "198.51.100.61" : "198.51.100.62" });
  await page.goto("/contact");
  await islandReady(page);
  await form(page).getByLabel("Full Name").fill("Yohane Banda");
  await form(page).getByLabel("Subject").fill("Visiting our church");
  await form(page).getByLabel("Message").fill("Please call me about a visit to Dedza.");
  await page.getByRole("button", { name: "Send Message" }).click();
  // Neither an e-mail address nor a phone: said at the e-mail field, what was typed kept.
  await expect(form(page).getByLabel("Email Address")).toHaveAccessibleDescription(/Please enter your email address, or your phone number if you have no e-mail/);
  await expect(form(page).getByLabel("Message")).toHaveValue("Please call me about a visit to Dedza.");
  await form(page).getByLabel("Phone Number").fill("0888 12 34 56");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toBeVisible();
  await expect(form(page).getByLabel("Phone Number")).toHaveValue("");
});

test("a link's suggested subject is filled in", async ({ page }) => {
  // (The home page's "Support Our Mission" leads to /give now; a link may still suggest a subject.)
  await page.goto("/contact?subject=Supporting%20the%20mission");
  await expect(form(page).getByLabel("Subject")).toHaveValue("Supporting the mission");
});

test.describe("without JavaScript", () => {
  test("the browser refuses empty fields, the server's refusal keeps what was typed, and a valid message is confirmed", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");

    // The browser's own checks: nothing leaves the page.
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    // Name, subject and message: the e-mail address may be left empty for a phone number (the server asks for one of them).
    expect(await page.locator("form#contact :is(input, textarea):invalid").count()).toBe(3);

    // Spaces satisfy `required`; the server refuses them and shows the form again.
    await fill(page, { name: "   ", email: "chisomo@example.mw", subject: "Joining", message: "Where do you meet?" });
    await page.getByRole("button", { name: "Send Message" }).click();
    // The answer opens at the form, where the error is, not at the top of the page; an alert says
    // first what to correct, each problem a link to its field.
    const summary = page.getByRole("alert").filter({ hasText: "Your message was not sent yet. Please check:" });
    await expect(summary).toBeInViewport();
    await expect(summary.getByRole("link", { name: "Please enter your full name" })).toHaveAttribute("href", `#${await form(page).getByLabel("Full Name").getAttribute("id")}`);
    await expect(form(page).getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
    await expect(form(page).getByLabel("Email Address")).toHaveValue("chisomo@example.mw");
    await expect(form(page).getByLabel("Message")).toHaveValue("Where do you meet?");

    await fill(page, { name: "Chisomo Tembo", email: "chisomo@example.mw", subject: "Joining", message: "Where do you meet?" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact#contact$/);
    await expect(page.getByTestId("toast")).toContainText("Thank you for contacting us. We will reply as soon as we can.");
    await context.close();
  });
});

test("the map is a self-hosted image with a link to OpenStreetMap, and no frame", async ({ page }) => {
  const outside: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://127.0.0.1")) outside.push(request.url());
  });
  await page.goto("/contact");
  const map = page.getByRole("img", { name: /Map of Falls Area 1|Street map of Falls Area 1/ });
  await map.scrollIntoViewIfNeeded();
  await expect(map).toBeVisible();
  const box = (await map.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
  await expect(page.getByRole("link", { name: "Open in OpenStreetMap" })).toHaveAttribute(
    "href",
    "https://www.openstreetmap.org/?mlat=-13.9626&mlon=33.7741#map=16/-13.9626/33.7741",
  );
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(outside).toEqual([]);
});
