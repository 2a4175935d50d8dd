// An account added, removed or given another role: written to the activity log (and so shown on
// every Administrator's dashboard) and e-mailed to every Administrator (issue 17). The e-mail never
// undoes or delays the change: should it fail to be queued, the change stands and the log still has it.
import type { RouterContextProvider } from "react-router";
import { adminContext } from "./admin-context";
import { formatInSiteZone } from "~/lib/time";
import { administratorEmails } from "~/features/accounts/admins.server";
import { accountChangeNotices, emailSite, enqueueEmails, sendAfterResponse } from "~/features/messaging/index.server";
import { noteActivity } from "./activity.server";

type Change = { action: string; target: string; summary?: string };

export async function announceAccountChange(context: Readonly<RouterContextProvider>, request: Request, change: Change): Promise<void> {
  noteActivity(context, { kind: "account", ...change });
  try {
    const [administrators, site] = await Promise.all([administratorEmails(), emailSite(request)]);
    const when = formatInSiteZone(new Date().toISOString(), "MMMM d, yyyy 'at' HH:mm") ?? "";
    const notices = accountChangeNotices({ actor: context.get(adminContext).email, summary: "", when, ...change }, administrators, site);
    sendAfterResponse(await enqueueEmails(notices));
  } catch (error) {
    console.error("Account change: the e-mails to the Administrators could not be queued:", error);
  }
}
