// The footer's subscribe form posts here from every page.
import { redirect } from "react-router";
import { SUBSCRIBE_MESSAGES, subscribeSchema } from "~/forms/subscribe";
import { addSubscriber } from "~/models/subscriber.server";
import { handlePublicForm } from "~/server/public-form.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import type { Route } from "./+types/subscribe";

const successToast = { title: "Subscribed", description: SUBSCRIBE_MESSAGES.success };

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
      async handle({ email }) {
        await addSubscriber(email);
        return { toast: successToast };
      },
    },
    request,
    { fallbackPath: "/" },
  );
}
