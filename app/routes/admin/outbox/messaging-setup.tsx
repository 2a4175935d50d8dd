// /admin/outbox/setup: how to turn e-mail and SMS on, straight from docs/deploy.md (its sections
// "E-mail and the newsletter" and "SMS"), so the admin sees the same steps as whoever deploys, and
// what is missing now.
import { newsletterQueueReady } from "~/features/messaging/index.server";
import { emailSetup } from "~/server/email-rules.server";
import type { Route } from "./+types/messaging-setup";
import { BackLink } from "~/components/admin/back-link";
import { GuideSection } from "~/components/admin/guide-section";
import { deployGuideSection } from "~/server/deploy-guide.server";
import { smsSetup, smsSimulated } from "~/server/sms.server";

export const meta: Route.MetaFunction = () => [{ title: "Setting up e-mail and SMS | Admin" }];

export function loader() {
  const email = emailSetup();
  const sms = smsSetup();
  return {
    emailGuide: deployGuideSection("E-mail and the newsletter"),
    smsGuide: deployGuideSection("SMS (registrations, reminders, messages to registrants)"),
    emailMissing: email.ready ? [] : email.missing,
    smsMissing: sms.ready ? [] : sms.missing,
    smsSimulated: smsSimulated(),
    queue: newsletterQueueReady(),
  };
}

export default function MessagingSetup({ loaderData }: Route.ComponentProps) {
  const { emailGuide, smsGuide, emailMissing, smsMissing, smsSimulated, queue } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackLink to="/admin/outbox">Back to the outbox</BackLink>
      <h1 className="mt-3 text-2xl font-bold text-stone-900">Setting up e-mail and SMS</h1>
      <ul className="mt-4 space-y-1 rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-800">
        <li>{emailMissing.length ? `E-mail: not set up (missing ${emailMissing.join(" and ")}).` : "E-mail: set up."}</li>
        <li>{queue ? "Newsletter queue: set up." : "Newsletter queue: not set up (newsletters go out slowly, 100 every 10 minutes)."}</li>
        <li>
          {smsMissing.length
            ? `SMS: not set up. ${smsMissing.join(". ")}.`
            : smsSimulated
              ? "SMS: simulated on this computer (SMS_PROVIDER is “simulator”): nothing reaches a phone. Set up Twilio, below, to send for real."
              : "SMS: set up."}
        </li>
      </ul>
      <p className="mt-4 text-sm text-stone-600">From the deploy guide, docs/deploy.md in the website's code:</p>
      <GuideSection html={emailGuide} />
      <div id="sms" className="scroll-mt-4">
        <GuideSection html={smsGuide} />
      </div>
    </div>
  );
}
