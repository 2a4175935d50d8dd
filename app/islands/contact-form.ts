// The contact page's message form without React: the browser's checks in our words (nothing sent
// while a field is wrong), then the message goes to /api/contact-messages; success empties the form
// and says so beside it, a refusal or a lost connection keeps what was typed and says why.
import { CONTACT_FIELD_MESSAGES as FIELDS, CONTACT_MESSAGES as MESSAGES } from "~/lib/rules/contact";
import { checkForm, focusFirstError, postForm, showFieldErrors, showFormAlert } from "./form";
import type { Island } from "./island";

export const contactForm: Island = {
  name: "contact-form",
  attach(root) {
    if (!(root instanceof HTMLFormElement)) return;
    const form = root;
    const success = form.querySelector<HTMLElement>("[data-form-success]");
    form.noValidate = true;

    async function submit(event: SubmitEvent) {
      event.preventDefault();
      if (success) success.hidden = true;
      showFormAlert(form, null);
      if (!checkForm(form, FIELDS)) return;
      const answer = await postForm(form);
      if (answer?.ok) {
        form.reset();
        if (success) success.hidden = false;
        return;
      }
      const failure = answer ?? { ok: false, message: MESSAGES.failed, errors: {}, values: {} };
      showFieldErrors(form, FIELDS, failure.errors);
      if (Object.keys(failure.errors).length === 0) showFormAlert(form, failure.message || MESSAGES.failed);
      focusFirstError(form, FIELDS, failure.errors);
    }

    const listening = new AbortController();
    form.addEventListener("submit", submit, { signal: listening.signal });
    return () => listening.abort();
  },
};
