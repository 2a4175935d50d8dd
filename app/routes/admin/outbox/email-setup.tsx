// /admin/outbox/setup: how to turn e-mail on, straight from docs/deploy.md (its section "E-mail and
// the newsletter"), so the admin sees the same steps as whoever deploys, and what is missing now.
import { emailSetup, newsletterQueueReady } from "~/features/messaging/index.server";
import type { Route } from "./+types/email-setup";
import { BackLink } from "~/components/admin/back-link";
import { GuideSection } from "~/components/admin/guide-section";
import { deployGuideSection } from "~/server/deploy-guide.server";

export const meta: Route.MetaFunction = () => [{ title: "Setting up e-mail | Admin" }];

export function loader() {
  const setup = emailSetup();
  return { guide: deployGuideSection("E-mail and the newsletter"), missing: setup.ready ? [] : setup.missing, queue: newsletterQueueReady() };
}

export default function EmailSetup({ loaderData }: Route.ComponentProps) {
  const { guide, missing, queue } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/admin/outbox">Back to the outbox</BackLink>
      <h1 className="mt-3 text-2xl font-bold text-stone-900">Setting up e-mail</h1>
      <ul className="mt-4 space-y-1 rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-800">
        <li>{missing.length ? `E-mail: not set up (missing ${missing.join(" and ")}).` : "E-mail: set up."}</li>
        <li>{queue ? "Newsletter queue: set up." : "Newsletter queue: not set up (newsletters go out slowly, 100 every 10 minutes)."}</li>
      </ul>
      <p className="mt-4 text-sm text-stone-600">From the deploy guide, docs/deploy.md in the website's code:</p>
      <GuideSection html={guide} />
    </div>
  );
}
