// /admin/outbox/setup: how to turn e-mail on, straight from docs/deploy.md (its section "E-mail and
// the newsletter"), so the admin sees the same steps as whoever deploys, and what is missing now.
import deployGuide from "../../../../docs/deploy.md?raw";
import { emailSetup, newsletterQueueReady } from "~/features/messaging/index.server";
import type { Route } from "./+types/email-setup";
import { BackLink } from "~/components/admin/back-link";

export const meta: Route.MetaFunction = () => [{ title: "Setting up e-mail | Admin" }];

const SETUP_SECTION_HEADING = "## E-mail and the newsletter";

/** The guide's section, from its heading to the next one of the same level. */
function setupSection(guide: string): string {
  const start = guide.indexOf(SETUP_SECTION_HEADING);
  if (start === -1) return "See docs/deploy.md.";
  const end = guide.indexOf("\n## ", start + SETUP_SECTION_HEADING.length);
  return guide.slice(start, end === -1 ? undefined : end).trim();
}

export function loader() {
  const setup = emailSetup();
  return { section: setupSection(deployGuide), missing: setup.ready ? [] : setup.missing, queue: newsletterQueueReady() };
}

export default function EmailSetup({ loaderData }: Route.ComponentProps) {
  const { section, missing, queue } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/admin/outbox">Back to the outbox</BackLink>
      <h1 className="mt-3 text-2xl font-bold text-stone-900">Setting up e-mail</h1>
      <ul className="mt-4 space-y-1 rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-800">
        <li>{missing.length ? `E-mail: not set up (missing ${missing.join(" and ")}).` : "E-mail: set up."}</li>
        <li>{queue ? "Newsletter queue: set up." : "Newsletter queue: not set up (newsletters go out slowly, 100 every 10 minutes)."}</li>
      </ul>
      <p className="mt-4 text-sm text-stone-600">From the deploy guide, docs/deploy.md in the website's code:</p>
      <pre className="mt-2 overflow-x-auto rounded-lg border border-stone-200 bg-white p-4 font-sans text-sm whitespace-pre-wrap break-words text-stone-800">{section}</pre>
    </div>
  );
}
