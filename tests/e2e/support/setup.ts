// Setup that is not what a test is about, through the app's real endpoints with the browser's own
// cookies: the forms' posts, without loading and hydrating their pages on a fresh phone. Each post
// is checked as the browser would meet it (its redirect), so a broken form still fails the test.
// The pages themselves are driven through their controls in the tests that are about them.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_ADMIN } from "../../../app/db/seed/demo.ts";

/** A Malawi mobile number no other test uses. */
export function uniquePhone() {
  return `0991 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
}

/** The site's origin, sent with a post as the browser sends it with a form's. */
function originHeader() {
  return { Origin: new URL(test.info().project.use.baseURL!).origin };
}

/**
 * Signs this phone in by posting the sign-in form (POST /auth): the session cookie lands in its
 * context; the account is sent to `startPage` (an admin to /admin, a door volunteer to /admin/check-in).
 */
export async function signInQuickly(phone: Page | APIRequestContext, account: { email: string; password: string } = DEMO_ADMIN, startPage = "/admin") {
  const answer = await ("request" in phone ? phone.request : phone).post("/auth", { form: account, headers: originHeader(), maxRedirects: 0 });
  expect([302, 303], await answer.text()).toContain(answer.status());
  expect(new URL(answer.headers()["location"]!, "http://site").pathname).toBe(startPage);
}

/** One of the event form's own questions, as its row posts it. */
type Question = { label: string; kind: "text" | "choice" | "yesno"; choices?: string; required?: boolean };

/** What the event form posts besides the name, where a test needs other than the defaults below. */
export type EventFields = {
  capacity?: string;
  description?: string;
  price?: string;
  association_question?: "off" | "optional" | "required";
  questions?: Question[];
};

/**
 * An event made by posting the admin's event form (room for everyone, no fee, no questions unless
 * `fields` says otherwise); its id, read from its Edit link on the events list.
 */
export async function createEvent(page: Page, name: string, { questions = [], ...fields }: EventFields = {}): Promise<string> {
  const form: Record<string, string> = {
    ...{ name, date: "2030-06-12T08:00", location: "Chichiri Secondary School grounds, Blantyre", description: "", image_url: "", image_alt: "" },
    ...{ active: "on", registration_enabled: "on", capacity: "", waitlist_enabled: "on", registration_closes_at: "", registration_notifications: "none", reminder: "day_before" },
    ...{ association_question: "off", church_question: "off", price: "", payment_hold_hours: "" },
    ...fields,
  };
  questions.forEach((question, row) => {
    form[`questions[${row}].label`] = question.label;
    form[`questions[${row}].kind`] = question.kind;
    form[`questions[${row}].choices`] = question.choices ?? "";
    if (question.required) form[`questions[${row}].required`] = "on";
  });
  const saved = await page.request.post("/admin/events/new", { form, headers: originHeader(), maxRedirects: 0 });
  expect(saved.status(), await saved.text()).toBe(302);
  expect(saved.headers()["location"]).toMatch(/\/admin\?tab=events$/);
  const list = await (await page.request.get("/admin?tab=events")).text();
  const edit = new RegExp(`href="/admin/events/edit/(\\d+)"[^>]*aria-label="Edit ${name}"|aria-label="Edit ${name}"[^>]*href="/admin/events/edit/(\\d+)"`).exec(list);
  expect(edit, `"${name}" on the events list`).not.toBeNull();
  return edit![1] ?? edit![2]!;
}

/** Registers these people at the desk (its Add a registration form's post). */
export async function addPeople(page: Page, eventId: string, names: string[]) {
  for (const name of names) {
    const form = { intent: "add", full_name: name, phone_number: uniquePhone(), email: "" };
    const added = await page.request.post(`/admin/events/registrations/${eventId}`, { form, headers: originHeader(), maxRedirects: 0 });
    expect(added.status(), await added.text()).toBe(302);
  }
}
