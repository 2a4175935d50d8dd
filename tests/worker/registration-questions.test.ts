// Registration questions (issue 25, part 2), through the real Worker: staff set them in the event
// form (a fixed number of blank rows, no JavaScript needed); registering asks them on a page of its
// own; the server checks every answer whatever the browser checked (required, a choice from the
// list, an association from the directory, lengths) and says what is wrong by the field, keeping
// what was typed; the answers show on the desk and at the door, and the CSV has one column per
// question, a removed question's answers included under its old label.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, postForm, request, runSql, signIn, formVersion } from "./helpers";
import { mainHtml, textOf } from "./public-helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
  await runSql([
    "INSERT INTO churchevents (id, name, date, capacity) VALUES (1, 'Men''s Conference', '2099-03-05T07:30:00.000Z', 100)",
    "INSERT INTO associations (id, name, region, district) VALUES (1, 'Lilongwe Baptist Association', 'Central', 'Lilongwe'), (2, 'Mzuzu Association', 'Northern', 'Mzimba')",
  ]);
});

const EVENT_FORM = { intent: "save", name: "Men's Conference", date: "2099-03-05T09:30", location: "", description: "", image_alt: "", active: "on", registration_enabled: "on", capacity: "100", waitlist_enabled: "on" };

/** Saves the event form with these question rows and built-in switches. */
async function saveQuestions(fields: Record<string, string>) {
  return postForm("/admin/events/edit/1", { version: await formVersion("churchevents", 1), ...EVENT_FORM, ...fields }, { cookie });
}

async function questions() {
  return (await env.DB.prepare("SELECT id, kind, label, choices, required, removed_at FROM event_questions WHERE event_id = 1 ORDER BY id").all()).results;
}

async function setUpQuestions() {
  const saved = await saveQuestions({
    association_question: "required",
    church_question: "optional",
    "questions[0].kind": "choice",
    "questions[0].label": "Accommodation",
    "questions[0].choices": "Hostel\nHotel\nNone needed",
    "questions[0].required": "on",
    "questions[1].kind": "yesno",
    "questions[1].label": "Do you need transport?",
    "questions[2].kind": "text",
    "questions[2].label": "",
  });
  expect(saved.status).toBe(302);
  const ids = Object.fromEntries((await questions()).map((q) => [q.label as string, q.id as number]));
  return { association: ids.Association!, church: ids.Church!, accommodation: ids.Accommodation!, transport: ids["Do you need transport?"]! };
}

function register(fields: Record<string, string>, ip = "198.51.100.7") {
  return postForm("/events/1/register", { event_id: "1", full_name: "Yohane Banda", phone_number: "0991234567", ...fields }, { ip });
}

describe("the event form's questions", () => {
  it("saves questions and the built-in ones, shows them again with blank rows, and refuses a choice question without choices by the field", async () => {
    await setUpQuestions();
    expect(await questions()).toMatchObject([
      { kind: "choice", label: "Accommodation", choices: '["Hostel","Hotel","None needed"]', required: 1, removed_at: null },
      { kind: "yesno", label: "Do you need transport?", required: 0 },
      { kind: "association", label: "Association", required: 1 },
      { kind: "church", label: "Church", required: 0 },
    ]);
    const form = await (await request("/admin/events/edit/1", { cookie })).text();
    expect(textOf(form)).toContain("Registration questions");
    expect(form).toContain('value="Accommodation"');
    // Two questions and three blank rows.
    expect(form.match(/name="questions\[\d+\]\.label"/g)).toHaveLength(5);

    const refused = await saveQuestions({ "questions[0].kind": "choice", "questions[0].label": "Meal", "questions[0].choices": "Only one" });
    expect(refused.status).toBe(400);
    const page = textOf(await refused.text());
    expect(page).toContain("Write at least two choices, one per line");
    expect((await questions()).map((q) => q.label)).not.toContain("Meal");
  });


  it("logs a save that changed only the questions as a change of questions, and a save that changed nothing as none", async () => {
    const { accommodation, transport } = await setUpQuestions();
    const kept = { association_question: "required", church_question: "optional", "questions[0].id": String(accommodation), "questions[0].kind": "choice", "questions[0].label": "Accommodation", "questions[0].choices": "Hostel\nHotel\nNone needed", "questions[0].required": "on", "questions[1].id": String(transport), "questions[1].kind": "yesno", "questions[1].label": "Do you need transport?" };
    await env.DB.exec("DELETE FROM activity_log");
    expect((await saveQuestions(kept)).status).toBe(302);
    expect((await saveQuestions({ ...kept, "questions[1].label": "Will you need transport?" })).status).toBe(302);
    const log = (await env.DB.prepare("SELECT action, summary FROM activity_log ORDER BY id").all()).results;
    expect(log).toEqual([
      { action: "Updated", summary: "No changes" },
      { action: "Updated", summary: "Changed: questions" },
    ]);
  });
});

describe("answering the questions", () => {
  it("leads Register Now to the registration page, which asks every question without a script", async () => {
    await setUpQuestions();
    const event = await (await request("/events/1")).text();
    expect(event).toContain('href="/events/1/register"');
    // A shared link that would open the dialog leads to the registration page instead.
    for (const path of ["/events?register=1", "/events/1?register=1"]) {
      const shared = await request(path);
      expect([shared.status, shared.headers.get("Location")], path).toEqual([303, "/events/1/register"]);
    }
    const page = await (await request("/events/1/register")).text();
    expect(page).not.toMatch(/<script[^>]+src=/);
    const text = textOf(page);
    for (const label of ["Association", "Church (optional)", "Accommodation", "Do you need transport? (optional)", "Lilongwe Baptist Association", "Other / not listed"]) {
      expect(text).toContain(label);
    }
    // The associations by region as the country lies, north to south (not alphabetically).
    expect([...page.matchAll(/<optgroup label="(\w+)"/g)].map((match) => match[1])).toEqual(["Northern", "Central"]);
  });

  it("on a full event with a waiting list, the registration page's button says it joins the list", async () => {
    await setUpQuestions();
    const buttonOf = async () => /<button type="submit"[^>]*>([^<]*)<\/button>/.exec(await (await request("/events/1/register")).text())?.[1];
    expect(await buttonOf()).toBe("Register");
    await runSql(["UPDATE churchevents SET capacity = 1 WHERE id = 1", "INSERT INTO event_registrations (event_id, full_name, phone_number, code, token) VALUES (1, 'Yohane Phiri', '+265991000001', 'FUL234', 'token-of-the-one-place')"]);
    expect(await buttonOf()).toBe("Join the waiting list");
  });

  it("stores valid answers with the registration, with the association's id", async () => {
    const ids = await setUpQuestions();
    const response = await register({
      [`answer_${ids.association}`]: "1",
      [`answer_${ids.church}`]: "Area 25 Baptist",
      [`answer_${ids.accommodation}`]: "Hostel",
      [`answer_${ids.transport}`]: "yes",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toMatch(/^\/registrations\//);
    const answers = (await env.DB.prepare("SELECT question_id, label, value, association_id FROM registration_answers ORDER BY question_id").all()).results;
    expect(answers).toEqual([
      { question_id: ids.accommodation, label: "Accommodation", value: "Hostel", association_id: null },
      { question_id: ids.transport, label: "Do you need transport?", value: "Yes", association_id: null },
      { question_id: ids.association, label: "Association", value: "Lilongwe Baptist Association", association_id: 1 },
      { question_id: ids.church, label: "Church", value: "Area 25 Baptist", association_id: null },
    ]);
  });

  it("shows a man his answers on his private page, in the questions' order, so he can check them", async () => {
    const ids = await setUpQuestions();
    const response = await register({ [`answer_${ids.association}`]: "1", [`answer_${ids.accommodation}`]: "Hotel", [`answer_${ids.transport}`]: "no" });
    const html = mainHtml(await (await request(response.headers.get("Location")!)).text());
    expect(textOf(html)).toContain("Your answers Association Lilongwe Baptist Association Accommodation Hotel Do you need transport? No To change an answer, contact the organisers");
    // "contact the organisers" is a way to: the Contact page, its subject filled in.
    expect(html).toContain('href="/contact?subject=Changing%20an%20answer%20of%20my%20registration"');
  });

  it("refuses a required answer left blank and a choice not in the list on the server, by the field, keeping what was typed", async () => {
    const ids = await setUpQuestions();
    // As a browser with its checks bypassed would post it.
    const response = await register({ [`answer_${ids.association}`]: "", [`answer_${ids.accommodation}`]: "Palace", [`answer_${ids.church}`]: "Area 25 Baptist" });
    expect(response.status).toBe(400);
    const body = await response.text();
    const text = textOf(body);
    expect(text).toContain("Please answer this question");
    expect(text).toContain("Please choose one of the answers in the list");
    expect(body).toContain('value="Yohane Banda"');
    expect(body).toContain('value="Area 25 Baptist"');
    expect(body).toMatch(new RegExp(`id="q-${ids.accommodation}-error"`));
    expect((await env.DB.prepare("SELECT count(*) AS n FROM event_registrations").first())!.n).toBe(0);
  });

  it("refuses an association not in the directory and an over-long answer, also from the dialog's JSON endpoint", async () => {
    const ids = await setUpQuestions();
    const response = await request("/api/registrations", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({
        event_id: "1",
        full_name: "Yohane Banda",
        phone_number: "0991234567",
        [`answer_${ids.association}`]: "999",
        [`answer_${ids.accommodation}`]: "Hostel",
        [`answer_${ids.church}`]: "x".repeat(201),
      }).toString(),
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(answer.result.error[`answer_${ids.association}`]).toEqual(['This association is no longer listed: please choose it again from the list, or "Other / not listed"']);
    expect(answer.result.error[`answer_${ids.church}`]).toEqual(["Please keep this under 200 characters"]);
  });

  it("an association taken off the directory after the form was opened: says so, and what to choose instead", async () => {
    const ids = await setUpQuestions();
    await runSql(["UPDATE associations SET active = 0 WHERE id = 2"]);
    const refused = await register({ [`answer_${ids.association}`]: "2", [`answer_${ids.accommodation}`]: "Hotel" });
    expect(refused.status).toBe(400);
    expect(textOf(await refused.text())).toContain('This association is no longer listed: please choose it again from the list, or "Other / not listed"');
    // A word not in the list (not an association's id) is still told to choose from the list.
    const made = await register({ [`answer_${ids.association}`]: "Kawale", [`answer_${ids.accommodation}`]: "Hotel" }, "198.51.100.8");
    expect(textOf(await made.text())).toContain("Please choose one of the answers in the list");
  });
});

describe("answers at the desk, the door and in the export", () => {
  it("shows answers on the desk and at check-in, and keeps a removed question's answers in the CSV under its old label", async () => {
    const ids = await setUpQuestions();
    await register({ [`answer_${ids.association}`]: "other", [`answer_${ids.accommodation}`]: "Hotel", [`answer_${ids.transport}`]: "no" });
    const desk = textOf(await (await request("/admin/events/registrations/1", { cookie })).text());
    expect(desk).toContain("Accommodation: Hotel");
    expect(desk).toContain("Association: Other / not listed");
    const door = textOf(await (await request("/admin/events/1/check-in?q=Yohane", { cookie })).text());
    expect(door).toContain("Accommodation: Hotel");
    // A question that ends in a question mark keeps it, with no colon after it.
    for (const page of [desk, door]) {
      expect(page).toContain("Do you need transport? No");
      expect(page).not.toContain("transport?:");
    }

    // The transport question is removed (its label cleared); the accommodation one renamed.
    await saveQuestions({
      association_question: "required",
      church_question: "optional",
      "questions[0].id": String(ids.accommodation),
      "questions[0].kind": "choice",
      "questions[0].label": "Where will you sleep?",
      "questions[0].choices": "Hostel\nHotel\nNone needed",
      "questions[1].id": String(ids.transport),
      "questions[1].kind": "yesno",
      "questions[1].label": "",
    });
    expect((await questions()).find((q) => q.id === ids.transport)!.removed_at).not.toBeNull();

    const csv = await (await request("/api/admin/events/1/registrations.csv", { cookie })).text();
    const [header, row] = csv.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(header).toBe(
      // The spec's columns, the fee's seven (issue 23), then one per question (issue 25).
      [
        ...["Name", "Phone", "Email", "Registration Date", "Status", "Code", "Checked in", "Group leader"],
        ...["Payment", "Amount paid (MK)", "Paid by", "Payment reference", "Other payments (MK)", "Refunded (MK)", "Payment note"],
        ...["Association", "Church", "Where will you sleep?", "Do you need transport?"],
      ]
        .map((c) => `"${c}"`)
        .join(","),
    );
    expect(row).toMatch(/,"Other \/ not listed","","Hotel","No"$/);
  });
});

describe("Add a registration at the desk", () => {
  const DESK = "/admin/events/registrations/1";
  const add = (fields: Record<string, string>) => postForm(DESK, { intent: "add", full_name: "Phoned In", phone_number: "0991 555 001", email: "", ...fields }, { cookie });

  it("asks the event's questions, refuses a required one left blank by its field keeping what was typed, and stores the answers", async () => {
    const ids = await setUpQuestions();
    const desk = await (await request(DESK, { cookie })).text();
    expect(textOf(desk)).toContain("Accommodation *");
    expect(desk).toMatch(new RegExp(`<label[^>]*for="desk-q-${ids.accommodation}"[^>]*>Accommodation<span aria-hidden="true"`));
    expect(desk).toMatch(new RegExp(`<select[^>]*id="desk-q-${ids.association}"`));

    const refused = await add({ [`answer_${ids.association}`]: "", [`answer_${ids.church}`]: "Area 25 Baptist" });
    expect(refused.status).toBe(400);
    const body = await refused.text();
    expect(body).toMatch(new RegExp(`id="desk-q-${ids.accommodation}-error"[^>]*>Please answer this question<`));
    expect(body).toMatch(new RegExp(`id="desk-q-${ids.association}-error"[^>]*>Please answer this question<`));
    expect(body).toContain('value="Area 25 Baptist"');
    expect(body).toContain('value="Phoned In"');
    expect((await env.DB.prepare("SELECT count(*) AS n FROM event_registrations").first())!.n).toBe(0);

    const added = await add({ [`answer_${ids.association}`]: "2", [`answer_${ids.accommodation}`]: "Hotel", [`answer_${ids.transport}`]: "no" });
    expect(added.status).toBe(302);
    const answers = (await env.DB.prepare("SELECT question_id, value, association_id FROM registration_answers ORDER BY question_id").all()).results;
    expect(answers).toEqual([
      { question_id: ids.accommodation, value: "Hotel", association_id: null },
      { question_id: ids.transport, value: "No", association_id: null },
      { question_id: ids.association, value: "Mzuzu Association", association_id: 2 },
    ]);
    expect(textOf(await (await request(DESK, { cookie })).text())).toContain("Accommodation: Hotel");
  });

  it("a walk-in at the door is asked none", async () => {
    await setUpQuestions();
    const walkIn = await postForm("/admin/events/1/check-in", { intent: "walk-in", full_name: "Walk In", phone_number: "0991 555 002", email: "" }, { cookie });
    expect(walkIn.status).toBe(302);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM event_registrations WHERE checked_in_at IS NOT NULL").first())!.n).toBe(1);
    expect(await (await request("/admin/events/1/check-in", { cookie })).text()).not.toMatch(/id="desk-q-/);
  });
});

describe("counts by association (part 3)", () => {
  it("shows confirmed, waiting and checked-in per association and per region on the desk, and prints the door list grouped by association", async () => {
    const ids = await setUpQuestions();
    await runSql(["UPDATE churchevents SET capacity = 3 WHERE id = 1"]);
    const men = [
      ["Alinafe Phiri", "0991000001", "1"],
      ["Blessings Banda", "0991000002", "1"],
      ["Chikondi Mwale", "0991000003", "2"],
      ["Dalitso Tembo", "0991000004", "1"],
      ["Enock Zulu", "0991000005", "other"],
    ];
    for (const [name, phone, association] of men) {
      const response = await register({ full_name: name!, phone_number: phone!, [`answer_${ids.association}`]: association!, [`answer_${ids.accommodation}`]: "Hostel" }, `198.51.100.${phone!.slice(-1)}`);
      expect(response.status).toBe(303);
    }
    await runSql(["UPDATE event_registrations SET checked_in_at = '2099-03-05T07:00:00.000Z' WHERE full_name = 'Alinafe Phiri'"]);

    const body = await (await request("/admin/events/registrations/1", { cookie })).text();
    const text = textOf(body);
    expect(text).toContain("By association and region");
    // Lilongwe: Alinafe and Blessings confirmed (one checked in), Dalitso waiting; Mzuzu: Chikondi confirmed; Enock waiting.
    expect(text).toMatch(/Lilongwe Baptist Association 2 1 1/);
    expect(text).toMatch(/Mzuzu Association 1 0 0/);
    expect(text).toMatch(/Other \/ not listed 0 1 0/);
    expect(text).toMatch(/Central 2 1 1/);
    expect(text).toMatch(/Northern 1 0 0/);

    const door = textOf(await (await request("/admin/events/1/door-list?group=association", { cookie })).text());
    expect(door).toMatch(/Lilongwe Baptist Association: 2 confirmed \(A–Z\) In Name Code Phone ends ☐ Alinafe Phiri|Lilongwe Baptist Association: 2 confirmed \(A–Z\) In Name Code Phone ends ✓ Alinafe Phiri/);
    expect(door.indexOf("Lilongwe Baptist Association: 2 confirmed")).toBeLessThan(door.indexOf("Mzuzu Association: 1 confirmed"));
    expect(door).toContain("Waiting list (A–Z): not confirmed");
  });
});
