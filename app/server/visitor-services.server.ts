// What this deploy does for a visitor, as the public pages promise it: paying a fee online (the
// payment provider's keys, or the simulator) and sending SMS (the SMS provider's). A form must not
// promise an SMS a deploy without the SMS provider's keys never sends.
import { paymentsReady } from "./payments-setup.server";
import { smsSetup } from "./sms.server";

export function visitorServices(): { payOnline: boolean; sendsSms: boolean } {
  return { payOnline: paymentsReady(), sendsSms: smsSetup().ready };
}
