// The contact page's message form, for its action (a plain post) and for /api/contact-messages
// (its island, JSON): honeypot, per-address rate limit and the form's schema, then stored for the
// admin inbox.
import { CONTACT_MESSAGES, contactSchema } from "~/forms/contact";
import { addContactMessage } from "~/models/contact.server";
import type { PublicForm } from "~/server/public-form.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";

const successToast = { title: CONTACT_MESSAGES.successTitle, description: CONTACT_MESSAGES.success };

export const contactForm: PublicForm<typeof contactSchema> = {
  schema: contactSchema,
  rateLimit: RATE_LIMITS.contactPerAddress,
  rateLimitedMessage: CONTACT_MESSAGES.rateLimited,
  successToast,
  async handle(message) {
    try {
      await addContactMessage(message);
    } catch (error) {
      console.error("Contact message could not be stored:", error);
      return { error: CONTACT_MESSAGES.failed, status: 503 };
    }
    return { toast: successToast };
  },
};
