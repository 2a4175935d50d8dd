// /give: a gift to one of the ministry's funds by Airtel Money or TNM Mpamba (issue 23). The hero's
// "Support Our Mission" and the footer lead here. The preset amounts are buttons of the form that
// fill the amount in and keep whatever else was typed, without JavaScript (a shared link may also
// carry ?amount=5000); a refused post keeps what was typed.
import { data, redirect } from "react-router";
import { PageHero } from "~/components/page-hero";
import { GIVE_TEXT, GiveForm } from "~/features/payments";
import { giveAction, filledAgainAnswer } from "~/features/payments/index.server";
import { paymentsReady } from "~/server/payments-setup.server";
import { seoMeta } from "~/features/site";
import { siteSettings } from "~/features/settings/index.server";
import { publicPage, settingsPage } from "~/features/site/index.server";
import { scriptFreePage } from "~/lib/page-scripts";
import { BadRequest, readFormData } from "~/server/forms.server";
import type { Route } from "./+types/give";

export const handle = scriptFreePage;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, {
    path: "/give",
    title: GIVE_TEXT.title,
    // The link's preview promises no wallet while online giving is not set up.
    description: loaderData?.ready
      ? "Support the ministry of the Baptist men of Malawi: give to a fund of your choice with Airtel Money or TNM Mpamba."
      : "Support the ministry of the Baptist men of Malawi.",
  });

const EMPTY = { amount: "", fund: "", phone_number: "", operator: "", donor_name: "", email: "", anonymous: "" };

export async function loader({ request }: Route.LoaderArgs) {
  const preset = new URL(request.url).searchParams.get("amount") ?? "";
  return publicPage(await settingsPage("Give page"), () => ({ amount: /^\d{1,7}$/.test(preset) ? preset : "", ready: paymentsReady() }));
}

export async function action({ request }: Route.ActionArgs) {
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    if (error instanceof BadRequest) return data({ answer: { values: EMPTY, fieldErrors: {}, formError: error.message }, error: error.message }, { status: error.status });
    throw error;
  }
  const filled = filledAgainAnswer(form);
  if (filled) return data({ answer: filled, error: undefined }, { headers: { "Cache-Control": "no-store" } });
  const settings = siteSettings((await settingsPage("Give page")).settings);
  const result = await giveAction(request, form, settings.giving.giving_funds, new Date());
  if (result.ok) return redirect(`/give/${result.token}`, 303);
  const { formError, fieldErrors } = result.answer;
  return data({ answer: result.answer, error: formError ?? Object.values(fieldErrors)[0] }, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

export default function Give({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, amount, ready } = loaderData;
  const answer = actionData?.answer;
  const values = answer?.values ?? { ...EMPTY, amount };
  return (
    <>
      <PageHero title={GIVE_TEXT.title}>{ready ? GIVE_TEXT.intro : GIVE_TEXT.introOffline}</PageHero>
      <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6">
        {ready ? (
          <GiveForm
            funds={settings.giving.giving_funds}
            values={values}
            fieldErrors={answer?.fieldErrors ?? {}}
            formError={answer?.formError ?? null}
            text={GIVE_TEXT}
          />
        ) : (
          <p className="rounded-lg border border-stone-300 bg-white p-4 text-stone-800">{GIVE_TEXT.notSetUp}</p>
        )}
      </div>
    </>
  );
}
