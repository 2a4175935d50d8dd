// The contact page's message form without React: the browser's checks in our words (nothing sent
// while a field is wrong), then the message goes to /api/contact-messages; success empties the form
// and says so beside it, a refusal or a lost connection keeps what was typed and says why.
import { checkForm, focusFirstError, hasFieldError, noAnswerMessage, postForm, showFieldErrors, showFormAlert } from "./form";
import type { Island } from "./island";

export const contactForm: Island = {
  name: "contact-form",
  attach(root) {
    if (!(root instanceof HTMLFormElement)) return;
    const form = root;
    const success = form.querySelector<HTMLElement>("[data-form-success]");
    // Said when no answer came back (the connection dropped): the page renders it for this case.
    const failed = form.dataset.failedMessage ?? "";
    form.noValidate = true;

    async function submit(event: SubmitEvent) {
      event.preventDefault();
      if (success) success.hidden = true;
      showFormAlert(form, null);
      if (!checkForm(form)) return;
      const answer = await postForm(form);
      if (answer?.ok) {
        form.reset();
        if (success) success.hidden = false;
        return;
      }
      const errors = answer?.errors ?? {};
      showFieldErrors(form, errors);
      if (!hasFieldError(form, errors)) showFormAlert(form, answer?.message || noAnswerMessage(failed));
      focusFirstError(form, errors);
    }

    const listening = new AbortController();
    form.addEventListener("submit", submit, { signal: listening.signal });
    return () => listening.abort();
  },
};
