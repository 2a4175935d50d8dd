// /admin/payments/setup: how to turn payments on, straight from docs/deploy.md (its section
// "Payments"), so the admin sees the same steps as whoever deploys, and whether they are on now.
import { paymentSecretsMissing, paymentsReady, simulatorOn } from "~/server/payments-setup.server";
import type { Route } from "./+types/payments-setup";
import { BackLink } from "~/components/admin/back-link";
import { GuideSection } from "~/components/admin/guide-section";
import { deployGuideSection } from "~/server/deploy-guide.server";

export const meta: Route.MetaFunction = () => [{ title: "Setting up payments | Admin" }];

export function loader() {
  return { guide: deployGuideSection("Payments"), ready: paymentsReady(), simulated: simulatorOn(), missing: paymentSecretsMissing() };
}

export default function PaymentsSetup({ loaderData }: Route.ComponentProps) {
  const { guide, ready, simulated, missing } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/admin">Back to the dashboard</BackLink>
      <h1 className="mt-3 text-2xl font-bold text-stone-900">Setting up payments</h1>
      <p className="mt-4 rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-800">
        {simulated
          ? "Payments: simulated on this computer (PAYMENTS_SIMULATOR is “on”): no money moves. Each payment is approved or refused on the simulator's page."
          : ready
            ? "Payments: set up."
            : `Payments are not set up: visitors see no pay button. Missing: ${missing.map((name) => `the ${name} secret`).join(" and ")}.`}
      </p>
      <p className="mt-4 text-sm text-stone-600">From the deploy guide, docs/deploy.md in the website's code:</p>
      <GuideSection html={guide} />
    </div>
  );
}
