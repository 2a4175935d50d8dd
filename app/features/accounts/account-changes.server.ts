// An account added, removed or given another role: written to the activity log (and so shown on
// every Administrator's dashboard) and e-mailed to every Administrator (issue 17) and to the account's
// holder; a changed password to its holder alone. The e-mail never
// undoes or delays the change: should it fail to be queued, the change stands and the log still has it.
// The outbox row holds the change itself (`about`: who, what, to whom, when; the activity log's row
// is written later, after the response), and this feature renders it when it is sent.
import type { RouterContextProvider } from "react-router";
import { adminContext } from "./admin-context";
import { formatInSiteZone } from "~/lib/time";
import { administratorEmails } from "~/features/accounts/admins.server";
import { EmailRefused, type OutboxContent } from "~/server/email-rules.server";
import { enqueue, type OutboxRenderer, sendAfterResponse } from "~/server/outbox.server";
import { type AccountChange, accountChangeEmail } from "./account-change-email";
import { noteActivity } from "./activity.server";

type Change = { action: string; target: string; summary?: string };

/** The kinds of message this feature renders. */
export const ACCOUNT_OUTBOX_KINDS = ["account-change"] as const;

export async function announceAccountChange(context: Readonly<RouterContextProvider>, request: Request, change: Change): Promise<void> {
  noteActivity(context, { kind: "account", ...change });
  try {
    const administrators = await administratorEmails();
    const when = formatInSiteZone(new Date().toISOString(), "MMMM d, yyyy 'at' HH:mm") ?? "";
    const about: AccountChange = { actor: context.get(adminContext).email, summary: "", when, ...change };
    // The account's own holder is told too (added, given another role, removed: signed out with no word otherwise).
    const recipients = [...new Set([...administrators, change.target])];
    sendAfterResponse(await enqueue(recipients.map((to) => ({ kind: "account-change", to, about }))), request);
  } catch (error) {
    console.error("Account change: the e-mails to the Administrators could not be queued:", error);
  }
}

function changeOf(about: string | null): AccountChange | null {
  try {
    const change = JSON.parse(about ?? "null") as Partial<AccountChange> | null;
    if (!change || [change.actor, change.action, change.target, change.summary, change.when].some((value) => typeof value !== "string")) return null;
    return change as AccountChange;
  } catch {
    return null;
  }
}

/** Renders account-change notices from the change each row holds, with the settings as they are now. */
export const renderAccountOutbox: OutboxRenderer = async (rows, sender) => {
  const organisation = { name: sender.name, addressLines: sender.addressLines };
  const rendered = new Map<number, OutboxContent | EmailRefused>();
  for (const row of rows) {
    const change = changeOf(row.about);
    rendered.set(
      row.id,
      change
        ? { kind: row.kind, fromName: sender.name, ...accountChangeEmail(change, organisation, sender.origin, row.recipient === change.target) }
        : new EmailRefused("The account change of this message could not be read"),
    );
  }
  return rendered;
};

/** A password changed on /admin/account: logged, and its holder told (a change he did not make is how a stolen session shows). */
export async function announceOwnPasswordChange(context: Readonly<RouterContextProvider>, request: Request): Promise<void> {
  const me = context.get(adminContext).email;
  noteActivity(context, { kind: "account", action: "Changed own password", target: me });
  try {
    const when = formatInSiteZone(new Date().toISOString(), "MMMM d, yyyy 'at' HH:mm") ?? "";
    const about: AccountChange = { actor: me, action: "Changed own password", target: me, summary: "Other devices were signed out", when };
    sendAfterResponse(await enqueue([{ kind: "account-change", to: me, about }]), request);
  } catch (error) {
    console.error("Password change: the e-mail to its holder could not be queued:", error);
  }
}
