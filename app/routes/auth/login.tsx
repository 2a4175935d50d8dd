import { data, Form, redirect, useNavigation } from "react-router";
import { FormAlert, SubmitButton, TextField } from "~/components/form-fields";
import { LogoMark } from "~/components/logo";
import { readFields, validateValues } from "~/lib/forms";
import { loginSchema } from "~/lib/schemas/login";
import { authenticateAdmin, LOGIN_MESSAGES, signIn } from "~/server/auth.server";
import { badRequestResponse, readFormData } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Login | Baptist Men Malawi" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  if (await authenticateAdmin(request)) throw redirect("/admin");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  let formData: FormData;
  try {
    formData = await readFormData(request);
  } catch (error) {
    return badRequestResponse(error);
  }
  const validation = validateValues(loginSchema, readFields(formData, ["email", "password"]));
  const email = validation.values.email ?? "";
  if (!validation.success) {
    const message = validation.errors.form ?? validation.errors.email ?? validation.errors.password ?? LOGIN_MESSAGES.required;
    return data({ ok: false as const, message, errors: {}, values: { email } }, { status: 400 });
  }

  const result = await signIn(request, validation.data.email, validation.data.password);
  if (!result.ok) {
    const status = result.error === LOGIN_MESSAGES.tooMany ? 429 : 401;
    return data({ ok: false as const, message: result.error, errors: {}, values: { email } }, { status });
  }
  return redirectWithToast(
    request,
    "/admin",
    { title: "Success!", description: "You have been logged in successfully." },
    { headers: { "Set-Cookie": result.cookie } },
  );
}

export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/auth";
  return (
    <div className="flex flex-1 items-center justify-center bg-stone-50 px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center text-center">
          <LogoMark className="size-12" />
          <h1 className="mt-3 text-2xl font-bold text-stone-900">Admin Login</h1>
          <p className="mt-1 text-sm text-stone-600">Sign in to manage the website</p>
        </div>
        <Form method="post" action="/auth" className="mt-6 space-y-4" noValidate>
          <FormAlert message={actionData?.message} />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            defaultValue={actionData?.values?.email ?? ""}
            key={actionData?.values?.email ?? ""}
          />
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
          <SubmitButton pending={pending} pendingLabel="Signing in..." className="w-full">
            Sign In
          </SubmitButton>
        </Form>
      </div>
    </div>
  );
}
