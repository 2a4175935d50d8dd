// The footer's subscribe form posts here from every page. Double opt-in: the address is stored
// unconfirmed and gets a confirmation link (at most one e-mail a day); the answer is the same for a
// new, a waiting and an already confirmed address, so the form tells nobody who subscribed.
import { redirect } from "react-router";
import { SUBSCRIBE_MESSAGES, subscribeSchema } from "~/features/messaging";
import { subscribe } from "~/features/messaging/index.server";
import { sendAfterResponse } from "~/server/outbox.server";
import { answerPublicForm, publicFormSuccess, readPublicForm } from "~/server/forms.server";
import { RATE_LIMITS } from "~/server/abuse.server";
import type { Route } from "./+types/subscribe";

const successToast = { title: SUBSCRIBE_MESSAGES.successTitle, description: SUBSCRIBE_MESSAGES.success };
const RULES = { rateLimit: RATE_LIMITS.subscribePerAddress, rateLimitedMessage: SUBSCRIBE_MESSAGES.rateLimited, successToast };

export function loader() {
  return redirect("/#subscribe");
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readPublicForm(request, subscribeSchema, RULES);
  if ("done" in read) return answerPublicForm(request, read.done, { fallbackPath: "/" });
  const { email } = read.value;
  sendAfterResponse(await subscribe(email, new Date()), request);
  return answerPublicForm(request, publicFormSuccess(successToast), { fallbackPath: "/" });
}
