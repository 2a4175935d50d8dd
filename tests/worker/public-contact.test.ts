// The contact page (SPEC section 2) and its message form: stored when valid, refused with the
// errors beside the fields (and what was typed) when not, with a honeypot and a rate limit.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { postForm, request } from "./helpers";
import { decodeToast, getPage, mainHtml, textOf } from "./public-helpers";

const VALID = { full_name: "  Chisomo Tembo ", email: "Chisomo@Example.MW", subject: "Joining a chapter", message: "Where does the men's fellowship meet in Area 25?" };

async function storedMessages() {
  const { results } = await env.DB.prepare("SELECT full_name, email, subject, message FROM contact_messages ORDER BY id").all();
  return results;
}

describe("contact page", () => {
  it("shows the address, phone, both e-mails, office hours and a self-hosted 16:9 map with an OpenStreetMap link", async () => {
    const { html, main, text } = await getPage("/contact");
    expect(html).toContain("<title>Contact Us | Baptist Men Malawi</title>");
    expect(text).toContain("Falls Area 1, Lilongwe, Malawi");
    expect(main).toContain('href="tel:+265999123456"');
    expect(main).toContain('href="mailto:president@baptistmen.mw"');
    expect(main).toContain('href="mailto:events@baptistmen.mw"');
    expect(text).toContain("Monday - Friday: 8:00 AM - 5:00 PM");
    expect(text).toMatch(/Saturday - Sunday: Closed \(except for special events\)/);
    expect(main).toMatch(
      /<div class="[^"]*aspect-video[^"]*"><picture class="contents"><source media="\(max-width: 639px\)" srcSet="\/media\/map-falls-area-480w.webp 480w" sizes="[^"]+"\/><img[^>]*src="\/media\/map-falls-area-960w.webp"[^>]*srcSet="[^"]*480w[^"]*1600w"[^>]*loading="lazy"/,
    );
    expect(main).toContain('href="https://www.openstreetmap.org/?mlat=-13.9626&amp;mlon=33.7741#map=16/-13.9626/33.7741"');
    expect(html).not.toContain("<iframe");
  });

  it("has the form's fields and button", async () => {
    const { main } = await getPage("/contact");
    for (const label of ["Full Name", "Email Address", "Phone Number", "Subject", "Message"]) expect(main).toMatch(new RegExp(`<label[^>]*>${label}</label>`));
    for (const [tag, name] of [["input", "full_name"], ["input", "subject"], ["textarea", "message"]]) {
      // Required in the HTML itself, so the browser checks it even without JavaScript. Not bounded
      // there: a browser cuts pasted text at maxlength without a word; the action's "Please keep
      // this under N characters" says so instead, with the text kept (decision 039; tested below).
      const field = new RegExp(`<${tag}(?=[^>]*name="${name}")[^>]*>`).exec(main)?.[0];
      expect(field).toContain('required=""');
      expect(field).not.toMatch(/maxLength=/i);
    }
    expect(main).toMatch(/<input(?=[^>]*name="email")[^>]*type="email"/);
    // The e-mail address or the phone number: neither is required alone (the action asks for one).
    for (const name of ["email", "phone_number"]) expect(new RegExp(`<input(?=[^>]*name="${name}")[^>]*>`).exec(main)?.[0]).not.toContain("required");
    expect(main).toMatch(/<input(?=[^>]*name="phone_number")[^>]*type="tel"/);
    expect(main).toMatch(/<button type="submit"[^>]*><span data-submit-idle=""[^>]*>Send Message<\/span>/);
    // Without JavaScript the answer opens at the form (#contact), not at the top of the page.
    expect(main).toMatch(/<form[^>]*action="\/contact#contact" method="post"/);
  });

  it("tells a visitor without an e-mail address, at the e-mail field, to give his phone or call the number (described by it)", async () => {
    const { main, text } = await getPage("/contact?subject=Refund%20of%20an%20event%20fee");
    expect(text).toContain("No e-mail address? Leave it empty and give your phone number below, or call us on +265 999 123 456");
    const hint = /<p id="([^"]+)"[^>]*>No e-mail address\? Leave it empty and give your phone number below, or call us on <a href="tel:\+265999123456"[^>]*>\+265 999 123 456<\/a>\.<\/p>/.exec(main);
    expect(hint).not.toBeNull();
    expect(main).toMatch(new RegExp(`<input(?=[^>]*name="email")(?=[^>]*aria-describedby="${hint![1]}")[^>]*>`));
  });

  it("fills the subject a link suggests", async () => {
    const { main } = await getPage("/contact?subject=Finding%20a%20chapter");
    expect(main).toMatch(/<input[^>]*name="subject"[^>]*value="Finding a chapter"/);
  });
});

describe("contact form", () => {
  it("stores a valid message and confirms it, without JavaScript (redirect with a toast)", async () => {
    const response = await postForm("/contact", VALID, { headers: { Referer: "http://localhost/contact" } });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contact");
    expect(await decodeToast(response)).toMatchObject({
      title: "Message sent",
      description: "Thank you for contacting us. We will reply as soon as we can.",
    });
    expect(await storedMessages()).toEqual([
      { full_name: "Chisomo Tembo", email: "chisomo@example.mw", subject: "Joining a chapter", message: VALID.message },
    ]);
  });

  it("stores a valid message and answers JSON to the form's script (JavaScript on)", async () => {
    const page = await (await request("/contact")).text();
    expect(page).toMatch(/<form(?=[^>]*action="\/contact#contact")(?=[^>]*data-endpoint="\/api\/contact-messages")/);
    const response = await postForm("/api/contact-messages", VALID);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({
      result: { status: "success" },
      toast: { title: "Message sent", description: "Thank you for contacting us. We will reply as soon as we can." },
    });
    expect(await storedMessages()).toHaveLength(1);
  });

  it("refuses an incomplete message with each error beside its field, keeps what was typed, and stores nothing", async () => {
    const response = await postForm("/contact", { full_name: "Chisomo", email: "not-an-email", subject: "   ", message: "" });
    expect(response.status).toBe(400);
    const main = mainHtml(await response.text());
    const errorOf = (label: string) => textOf(/<p id="[^"]+-error"[^>]*>([^<]*)<\/p>/.exec(main.slice(main.indexOf(`>${label}</label>`)))?.[1] ?? "");
    expect(errorOf("Email Address")).toBe("Please enter a valid email address");
    expect(errorOf("Subject")).toBe("Please enter a subject");
    expect(errorOf("Message")).toBe("Please enter your message");
    expect(main).toMatch(/<input[^>]*name="full_name"[^>]*value="Chisomo"/);
    expect(main).toMatch(/<input[^>]*name="email"[^>]*value="not-an-email"/);
    expect(main).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="email"|name="email"[^>]*aria-invalid="true"/);
    // Without JavaScript nothing moves the reader to the errors: an alert above the fields says there are some, each a link to its field.
    const alert = /<div role="alert"[^>]*>(.*?)<\/div>/s.exec(main)?.[1] ?? "";
    expect(textOf(alert)).toContain("Your message was not sent yet. Please check:");
    const emailId = /<input(?=[^>]*name="email")[^>]*\sid="([^"]+)"/.exec(main)?.[1];
    expect(alert).toContain(`href="#${emailId}"`);
    expect(await storedMessages()).toEqual([]);
  });

  it("stores a message with a phone number instead of an e-mail address (a visitor without e-mail), the number in international form", async () => {
    const { email: _none, ...noEmail } = VALID;
    const response = await postForm("/contact", { ...noEmail, email: "", phone_number: "0991 23 45 67" });
    expect(response.status).toBe(303);
    expect(await decodeToast(response)).toMatchObject({ title: "Message sent" });
    const { results } = await env.DB.prepare("SELECT full_name, email, phone_number FROM contact_messages").all();
    expect(results).toEqual([{ full_name: "Chisomo Tembo", email: null, phone_number: "+265991234567" }]);
  });

  it("refuses a message with neither an e-mail address nor a phone number, saying so at the e-mail field, and keeps what was typed", async () => {
    const response = await postForm("/contact", { ...VALID, email: "  ", phone_number: "" });
    expect(response.status).toBe(400);
    const main = mainHtml(await response.text());
    const error = /<p id="[^"]+-error"[^>]*>([^<]*)<\/p>/.exec(main.slice(main.indexOf(">Email Address</label>")))?.[1];
    expect(error).toBe("Please enter your email address, or your phone number if you have no e-mail");
    expect(main).toMatch(/<textarea[^>]*name="message"[^>]*>[^<]*Where does the men/);
    // A phone number that cannot be one is refused at its own field.
    const bad = await postForm("/api/contact-messages", { ...VALID, email: "", phone_number: "call me" });
    expect(await bad.json()).toMatchObject({ result: { status: "error", error: { phone_number: [expect.stringContaining("Please enter a phone number we can call")] } } });
    // Shaped like a number, but one the office could never call back: refused at the field, the page keeping it.
    const short = await postForm("/contact", { ...VALID, email: "", phone_number: "0999 12 34 5" });
    expect(short.status).toBe(400);
    const shortPage = await short.text();
    expect(textOf(mainHtml(shortPage))).toContain("This is not a phone number we can call. Write a Malawi number like 0991 23 45 67, or start with + and the country code.");
    expect(shortPage).toContain('value="0999 12 34 5"');
    expect(await storedMessages()).toEqual([]);
  });

  it("refuses a scripted submission with the field's error and what was typed", async () => {
    const response = await postForm("/api/contact-messages", { ...VALID, message: "x".repeat(5001) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      result: {
        status: "error",
        error: { message: ["Please keep this under 5000 characters"] },
        initialValue: { full_name: VALID.full_name, subject: VALID.subject },
      },
    });
    expect(await storedMessages()).toEqual([]);
  });

  it("pretends to accept a bot that fills the honeypot, and stores nothing", async () => {
    const response = await postForm("/contact", { ...VALID, website: "http://spam.example" });
    expect(response.status).toBe(303);
    expect(await decodeToast(response)).toMatchObject({ title: "Message sent" });
    expect(await storedMessages()).toEqual([]);
  });

  it("limits how many messages one address can send", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await postForm("/api/contact-messages", { ...VALID, subject: `Question ${i}` }, { ip: "198.51.100.7" })).status).toBe(200);
    }
    const limited = await postForm("/api/contact-messages", { ...VALID, subject: "One too many" }, { ip: "198.51.100.7" });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many messages from your connection.");
    expect((await postForm("/api/contact-messages", VALID, { ip: "198.51.100.8" })).status).toBe(200);
    expect(await storedMessages()).toHaveLength(6);
  });
});
