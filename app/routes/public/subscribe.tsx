// The footer's subscribe form posts here from every page. Double opt-in: the address is stored
// unconfirmed and gets a confirmation link (at most one e-mail a day); the answer is the same for a
// new, a waiting and an already confirmed address, so the form tells nobody who subscribed.
import { redirect } from "react-router";
import { SUBSCRIBE_MESSAGES, subscribeSchema } from "~/features/messaging";
import { subscribe } from "~/features/messaging/index.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { handlePublicForm } from "~/server/public-form.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import type { Route } from "./+types/subscribe";

const successToast = { title: SUBSCRIBE_MESSAGES.successTitle, description: SUBSCRIBE_MESSAGES.success };

export function loader() {
  return redirect("/#subscribe");
}

export function action({ request }: Route.ActionArgs) {
  return handlePublicForm(
    {
      schema: subscribeSchema,
      rateLimit: RATE_LIMITS.subscribePerAddress,
      rateLimitedMessage: SUBSCRIBE_MESSAGES.rateLimited,
      successToast,
      async handle({ email }, _formData, request) {
        sendAfterResponse(await subscribe(email, new Date()), request);
        return { toast: successToast };
      },
    },
    request,
    { fallbackPath: "/" },
  );
}
