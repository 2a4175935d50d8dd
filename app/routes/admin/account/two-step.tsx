// /admin/account/two-step: two-step sign-in for the signed-in account (every role). Turning it on
// shows a QR code drawn here (the secret never leaves the site) and asks for the app's first code;
// then 10 recovery codes show once. Turning it off and new recovery codes ask for the password
// again. Administrators also set whether every Administrator must use it (require_two_step).
import { getFormProps, useForm, type Submission } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { adminContext, confirmPasswordSchema, sessionIdContext, requireTwoStepSchema, turnOnTwoStepSchema, TWO_STEP_MESSAGES } from "~/features/accounts";
import { firstErrors, formErrorOf, type FormAnswer } from "~/lib/form-answer";
import {
  checkOwnPassword,
  continuedSessionCookie,
  newTwoStepSetup,
  noteActivity,
  reopenTwoStepSetup,
  replaceRecoveryCodes,
  setTwoStepRequired,
  turnOffTwoStep,
  turnOnTwoStep,
  twoStepState,
  type TwoStepSetup,
} from "~/features/accounts/index.server";
import { intentOf, MAX_ADMIN_FORM_BYTES } from "~/server/admin-actions.server";
import { BadRequest, parseSubmission, readFormOrBadRequest, refusal, type Refusal } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/two-step";

export const meta: Route.MetaFunction = () => [{ title: "Two-step sign-in | Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const me = context.get(adminContext);
  const state = await twoStepState(me.id);
  return { me: { email: me.email, role: me.role }, state, setup: state.on ? null : await newTwoStepSetup(me.email) };
}

type TwoStepForm = "turn-on" | "turn-off" | "new-codes" | "require";
type TwoStepAnswer = FormAnswer & { form: TwoStepForm; setup?: TwoStepSetup; recoveryCodes?: string[] };

function refused(form: TwoStepForm, submission: Submission<unknown> | null, reason: Refusal, status = 400, setup?: TwoStepSetup) {
  return data<TwoStepAnswer>({ ...refusal(submission, { hideFields: ["current_password", "code"], ...reason }), form, setup }, { status });
}

const firstMessage = (submission: Submission<unknown>) => Object.values(firstErrors(submission.reply()))[0] ?? "Please check the form.";

export async function action({ request, context }: Route.ActionArgs) {
  const me = context.get(adminContext);
  const formData = await readFormOrBadRequest(request, MAX_ADMIN_FORM_BYTES);
  if (formData instanceof BadRequest) return refused("turn-on", null, { formError: "The form could not be read. Please try again." }, formData.status);
  const intent = intentOf(formData) as TwoStepForm;
  const schema = intent === "turn-on" ? turnOnTwoStepSchema : intent === "require" ? requireTwoStepSchema : confirmPasswordSchema;
  const submission = parseSubmission(formData, schema);
  if (!["turn-on", "turn-off", "new-codes", "require"].includes(intent)) return refused("turn-on", null, { formError: "Unknown action." });
  if (intent === "require" && me.role !== "admin") return refused(intent, null, { formError: "Only Administrators can change this." }, 403);
  const setupOf = async () => {
    const sealed = formData.get("setup");
    return (typeof sealed === "string" && (await reopenTwoStepSetup(sealed, me.email))) || (await newTwoStepSetup(me.email));
  };
  if (submission.status !== "success") return refused(intent, submission, { formError: firstMessage(submission) }, 400, intent === "turn-on" ? await setupOf() : undefined);

  const check = await checkOwnPassword(me.id, submission.value.current_password);
  if (check !== "right") {
    const message = check === "too-many" ? "Too many wrong passwords. Please wait 15 minutes and try again." : "That is not your current password";
    return refused(intent, submission, { formError: message, fieldErrors: { current_password: [message] } }, check === "too-many" ? 429 : 400, intent === "turn-on" ? await setupOf() : undefined);
  }

  const state = await twoStepState(me.id);
  switch (intent) {
    case "turn-on": {
      const { setup, code } = turnOnTwoStepSchema.parse(Object.fromEntries(formData));
      const result = await turnOnTwoStep(me.id, setup, code, context.get(sessionIdContext));
      if (!result.done) {
        const message = result.reason === "expired" ? TWO_STEP_MESSAGES.setupExpired : TWO_STEP_MESSAGES.wrongCode;
        return refused(intent, submission, { formError: message, fieldErrors: { code: [message] } }, 400, await setupOf());
      }
      noteActivity(context, { kind: "account", action: "Turned on two-step sign-in", target: me.email });
      // Other devices are signed out (the session version grew); this one continues with a fresh session.
      return data<TwoStepAnswer>(
        { result: submission.reply({ resetForm: true }), form: intent, recoveryCodes: result.recoveryCodes },
        { headers: { "Set-Cookie": await continuedSessionCookie(request, result.admin) } },
      );
    }
    case "turn-off": {
      if (me.role === "admin" && state.required) return refused(intent, submission, { formError: TWO_STEP_MESSAGES.requiredForAdministrators }, 409);
      const updated = await turnOffTwoStep(me.id, context.get(sessionIdContext));
      if (!updated) return refused(intent, submission, { formError: "Failed to turn off two-step sign-in. Please try again." }, 500);
      noteActivity(context, { kind: "account", action: "Turned off two-step sign-in", target: me.email });
      return redirectWithToast(
        request,
        "/admin/account/two-step",
        { title: "Two-step sign-in is off", description: TWO_STEP_MESSAGES.turnedOff },
        { headers: { "Set-Cookie": await continuedSessionCookie(request, updated) } },
      );
    }
    case "new-codes": {
      if (!state.on) return refused(intent, submission, { formError: "Turn on two-step sign-in first." }, 409);
      const recoveryCodes = await replaceRecoveryCodes(me.id);
      noteActivity(context, { kind: "account", action: "Made new recovery codes", target: me.email });
      return data<TwoStepAnswer>({ result: submission.reply({ resetForm: true }), form: intent, recoveryCodes });
    }
    case "require": {
      const required = formData.get("require_two_step") === "on";
      if (required && !state.on) return refused(intent, submission, { formError: TWO_STEP_MESSAGES.turnOnYoursFirst }, 409);
      await setTwoStepRequired(required);
      noteActivity(context, { kind: "account", action: required ? "Required two-step sign-in for Administrators" : "Stopped requiring two-step sign-in for Administrators" });
      return redirectWithToast(request, "/admin/account/two-step", { title: "Saved", description: required ? "Every Administrator now signs in with a code." : "Two-step sign-in is now a choice for each person." });
    }
  }
}

const sectionClass = "rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6";

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="codes-heading" className="rounded-xl border-2 border-amber-400 bg-amber-50 p-4 sm:p-6">
      <h2 id="codes-heading" className="text-lg font-semibold text-stone-900">
        Your recovery codes
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Write these down or print them, and keep them somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ol className="mt-3 grid grid-cols-2 gap-2 font-mono text-base text-stone-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </section>
  );
}

function PasswordAgain({ field }: { field: Parameters<typeof TextField>[0]["field"] }) {
  return <TextField field={field} label="Your password" type="password" autoComplete="current-password" hint="Asked again to change how you sign in." />;
}

export default function TwoStepSettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const answerFor = (form: TwoStepForm) => (actionData?.form === form ? actionData : undefined);
  const { me, state } = loaderData;
  const setup = answerFor("turn-on")?.setup ?? loaderData.setup;
  const [onForm, on] = useForm({ id: "turn-on", lastResult: answerFor("turn-on")?.result });
  const [offForm, off] = useForm({ id: "turn-off", lastResult: answerFor("turn-off")?.result });
  const [codesForm, codes] = useForm({ id: "new-codes", lastResult: answerFor("new-codes")?.result });
  const [requireForm, requireFields] = useForm({ id: "require", lastResult: answerFor("require")?.result });
  const mustSetUp = me.role === "admin" && state.required && !state.on;

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900">Two-step sign-in</h1>
      {mustSetUp ? (
        <p role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-stone-900">
          Administrators must use two-step sign-in on this site. Set it up below to continue.
        </p>
      ) : null}
      {actionData?.form === "turn-on" && actionData.recoveryCodes ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-stone-900">
          {TWO_STEP_MESSAGES.turnedOn}
        </p>
      ) : null}
      {actionData?.recoveryCodes ? <RecoveryCodes codes={actionData.recoveryCodes} /> : null}

      {state.on ? (
        <>
          <section aria-labelledby="on-heading" className={sectionClass}>
            <h2 id="on-heading" className="text-lg font-semibold text-stone-900">
              Two-step sign-in is on
            </h2>
            <p className="mt-1 text-sm text-stone-600">
              After your password, {me.email} is asked for a code from your authenticator app. Recovery codes left: {state.recoveryCodesLeft}.
            </p>
            <Form method="post" {...getFormProps(codesForm)} className="mt-4 space-y-4">
              <FormAlert message={formErrorOf(answerFor("new-codes")?.result)} />
              <PasswordAgain field={codes.current_password} />
              <SubmitButton name="intent" value="new-codes" pending={busy("new-codes")} pendingLabel="Making..." variant="secondary">
                Make new recovery codes
              </SubmitButton>
            </Form>
          </section>
          {me.role === "admin" && state.required ? null : (
            <section aria-labelledby="off-heading" className={sectionClass}>
              <h2 id="off-heading" className="text-lg font-semibold text-stone-900">
                Turn off two-step sign-in
              </h2>
              <Form method="post" {...getFormProps(offForm)} className="mt-4 space-y-4">
                <FormAlert message={formErrorOf(answerFor("turn-off")?.result)} />
                <PasswordAgain field={off.current_password} />
                <SubmitButton name="intent" value="turn-off" pending={busy("turn-off")} pendingLabel="Turning off..." variant="secondary">
                  Turn off two-step sign-in
                </SubmitButton>
              </Form>
            </section>
          )}
        </>
      ) : setup ? (
        <section aria-labelledby="setup-heading" className={sectionClass}>
          <h2 id="setup-heading" className="text-lg font-semibold text-stone-900">
            Turn on two-step sign-in
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-stone-700">
            <li>Install an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or Aegis).</li>
            <li>In the app, add an account and scan this QR code, or type the key below it.</li>
            <li>Enter the 6-digit code the app shows, and your password.</li>
          </ol>
          <svg
            role="img"
            aria-label="QR code for your authenticator app"
            viewBox={`-2 -2 ${setup.qr.size + 4} ${setup.qr.size + 4}`}
            className="mt-4 size-48 bg-white"
            shapeRendering="crispEdges"
          >
            <path d={setup.qr.path} fill="#000" />
          </svg>
          <p className="mt-2 text-sm text-stone-700">
            Key: <code className="break-all font-mono text-base">{setup.secret.replace(/(.{4})/g, "$1 ").trim()}</code>
          </p>
          <Form method="post" {...getFormProps(onForm)} className="mt-4 space-y-4">
            <FormAlert message={formErrorOf(answerFor("turn-on")?.result)} />
            <input type="hidden" name="setup" value={setup.sealed} />
            <TextField field={on.code} label="Code from the app" autoComplete="one-time-code" inputMode="numeric" />
            <PasswordAgain field={on.current_password} />
            <SubmitButton name="intent" value="turn-on" pending={busy("turn-on")} pendingLabel="Checking...">
              Turn on two-step sign-in
            </SubmitButton>
          </Form>
        </section>
      ) : null}

      {me.role === "admin" ? (
        <section aria-labelledby="require-heading" className={sectionClass}>
          <h2 id="require-heading" className="text-lg font-semibold text-stone-900">
            For every Administrator
          </h2>
          <Form method="post" {...getFormProps(requireForm)} className="mt-4 space-y-4">
            <FormAlert message={formErrorOf(answerFor("require")?.result)} />
            <label className="flex items-start gap-3 text-base text-stone-900">
              <input type="checkbox" name="require_two_step" defaultChecked={state.required} className="mt-1 size-5" />
              <span>Require two-step sign-in for Administrators (an Administrator without it must set it up before anything else)</span>
            </label>
            <PasswordAgain field={requireFields.current_password} />
            <SubmitButton name="intent" value="require" pending={busy("require")} pendingLabel="Saving..." variant="secondary">
              Save
            </SubmitButton>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
