import { getFormProps, useForm } from "@conform-to/react";
import { formConstraints } from "~/lib/form-constraints";
import { Form, redirect, useLocation, useNavigation } from "react-router";
import { LOGIN_MESSAGES, loginMessage, loginSchema } from "~/features/accounts";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { LogoMark } from "~/components/logo";
import { firstErrors } from "~/lib/form-answer";
import { noindexMeta } from "~/features/site";
import { settingsFromMatches, titled } from "~/features/settings";
import { publicPage, settingsPage } from "~/features/site/index.server";
import { authenticateAdmin, hasUnsavedForm, signIn, startPageOf } from "~/features/accounts/index.server";
import { BadRequest, readSubmission, refuse } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/login";
import { NOTICE_CLASS } from "~/lib/form-styles";

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(titled("Admin Login", settingsFromMatches(matches)));

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await authenticateAdmin(request);
  if (auth) throw redirect(await startPageOf(request, auth.admin));
  // A form sent after the session ended waits for this sign-in (app/features/accounts/unsaved-forms.server.ts).
  const unsaved = hasUnsavedForm(request);
  return publicPage(await settingsPage("Sign-in page"), () => ({ unsaved }));
}

export async function action({ request }: Route.ActionArgs) {
  const submission = await readSubmission(request, loginSchema);
  if (submission instanceof BadRequest) return refuse(null, { formError: submission.message }, submission.status);
  // The page shows one message, in its red alert box; the password is never sent back.
  const refused = (message: string, status: number) => refuse(submission, { formError: message, hideFields: ["password"] }, status);
  if (submission.status !== "success") return refused(loginMessage(firstErrors(submission.reply())), 400);

  let result;
  try {
    result = await signIn(request, submission.value.email, submission.value.password);
  } catch (error) {
    console.error("Sign-in failed:", error);
    return refused(LOGIN_MESSAGES.failed, 503);
  }
  if (!result.ok) return refused(result.error, result.status);
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  // An account with two-step sign-in gives its code next (the page to return to, ?next=, goes along).
  if (result.next === "/auth/two-step") return redirect(`${result.next}${new URL(request.url).search}`, { status: 303, headers });
  // A door volunteer goes straight to check-in (303: the page, not the form, is what comes next).
  return redirectWithToast(request, result.next, { title: "Success!", description: "You have been logged in successfully." }, {
    headers,
    status: result.next === "/admin" ? 302 : 303,
  });
}

const constraint = formConstraints(loginSchema);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // The page to return to after signing in (/auth?next=…, app/lib/sign-in-path.ts) goes with the form.
  const postTo = `/auth${useLocation().search}`;
  const pending = navigation.state !== "idle" && navigation.formAction === postTo;
  const [form, fields] = useForm({ id: "login", lastResult: actionData?.result, constraint });
  // Only the server's answer shows, as one message: the spec's red alert box.
  const message = actionData?.result.error?.[""]?.[0];
  return (
    <div className="flex flex-1 items-center justify-center bg-stone-50 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center text-center">
          <LogoMark className="size-12" />
          <h1 className="mt-3 text-2xl font-bold text-stone-900">Admin Login</h1>
          <p className="mt-1 text-sm text-stone-600">Sign in to manage the website</p>
        </div>
        <Form method="post" action={postTo} {...getFormProps(form)} className="mt-6 space-y-4">
          <FormAlert message={message} />
          {loaderData.unsaved ? (
            <p role="status" className={NOTICE_CLASS}>
              You had been signed out, so what you sent was not saved yet. Sign in again: it is kept for you.
            </p>
          ) : null}
          <TextField field={fields.email} label="Email" type="email" autoComplete="username" inputMode="email" error={null} />
          <TextField field={fields.password} label="Password" type="password" autoComplete="current-password" error={null} />
          <SubmitButton pending={pending} pendingLabel="Signing in..." className="w-full">
            Sign In
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}
