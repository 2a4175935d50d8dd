// /auth/two-step: the second step of signing in, for an account with an authenticator app. The
// password was right; a code from the app (or a recovery code) begins the session. Without the
// short-lived two-step cookie the page sends the visitor back to sign in.
import { getFormProps, useForm } from "@conform-to/react";
import { formConstraints } from "~/lib/form-constraints";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { secondStepSchema, TWO_STEP_MESSAGES } from "~/features/accounts";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { LogoMark } from "~/components/logo";
import { firstErrors } from "~/lib/form-answer";
import { noindexMeta } from "~/features/site";
import { settingsFromMatches, titled } from "~/features/settings";
import { publicPage, settingsPage } from "~/features/site/index.server";
import { awaitingSecondStep, signInSecondStep } from "~/features/accounts/index.server";
import { BadRequest, readSubmission, refuse } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/two-step";

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(titled("Two-step sign-in", settingsFromMatches(matches)));

export async function loader({ request }: Route.LoaderArgs) {
  const awaiting = await awaitingSecondStep(request);
  return publicPage(await settingsPage("Sign-in page"), () => ({ awaiting }));
}

export async function action({ request }: Route.ActionArgs) {
  const submission = await readSubmission(request, secondStepSchema);
  if (submission instanceof BadRequest) return refuse(null, { formError: submission.message }, submission.status);
  const refused = (message: string, status: number) => refuse(submission, { formError: message, hideFields: ["code"] }, status);
  if (submission.status !== "success") return refused(Object.values(firstErrors(submission.reply()))[0] ?? TWO_STEP_MESSAGES.codeRequired, 400);

  const result = await signInSecondStep(request, submission.value.code);
  if (!result.ok) return refused(result.error, result.status);
  const headers = new Headers();
  for (const cookie of result.cookies) headers.append("Set-Cookie", cookie);
  return redirectWithToast(request, result.next, { title: "Success!", description: "You have been logged in successfully." }, { headers, status: 303 });
}

const constraint = formConstraints(secondStepSchema);

export default function TwoStep({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // The page to return to after signing in (?next=, app/lib/sign-in-path.ts) goes with the form.
  const postTo = `/auth/two-step${useLocation().search}`;
  const pending = navigation.state !== "idle" && navigation.formAction === postTo;
  const [form, fields] = useForm({ id: "two-step", lastResult: actionData?.result, constraint });
  const message = actionData?.result.error?.[""]?.[0];
  return (
    <div className="flex flex-1 items-center justify-center bg-stone-50 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center text-center">
          <LogoMark className="size-12" />
          <h1 className="mt-3 text-2xl font-bold text-stone-900">Two-step sign-in</h1>
          <p className="mt-1 text-sm text-stone-600">
            {loaderData.awaiting ? "Open your authenticator app and enter the 6-digit code it shows for this site." : TWO_STEP_MESSAGES.expired}
          </p>
        </div>
        {loaderData.awaiting ? (
        <Form method="post" action={postTo} {...getFormProps(form)} className="mt-6 space-y-4">
          <FormAlert message={message} />
          <TextField
            field={fields.code}
            label="Code"
            autoComplete="one-time-code"
            inputMode="text"
            autoCapitalize="characters"
            spellCheck={false}
            hint="No phone? Enter one of your recovery codes instead. Each works once."
            error={null}
          />
          <SubmitButton pending={pending} pendingLabel="Checking..." className="w-full">
            Continue
          </SubmitButton>
        </Form>
        ) : null}
        <p className="mt-4 text-center text-sm">
          <Link to="/auth" className="font-medium text-blue-900 underline">
            Start again
          </Link>
        </p>
      </div>
    </div>
  );
}
