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

/**
 * Logs `change` (made by the signed-in admin) and e-mails it to `recipients` (whom it answers). The
 * e-mail never undoes the change: should it fail to be queued, the log still has it.
 */
async function announce(context: Readonly<RouterContextProvider>, request: Request, change: Change, recipients: (change: Change) => Promise<string[]>): Promise<void> {
  noteActivity(context, { kind: "account", ...change });
  try {
    const when = formatInSiteZone(new Date().toISOString(), "MMMM d, yyyy 'at' HH:mm") ?? "";
    const about: AccountChange = { actor: context.get(adminContext).email, summary: "", when, ...change };
    sendAfterResponse(await enqueue((await recipients(change)).map((to) => ({ kind: "account-change", to, about }))), request);
  } catch (error) {
    console.error(`${change.action}: the e-mails about it could not be queued:`, error);
  }
}

/** An account added, given another role or removed: to every Administrator and to the account's holder (signed out with no word otherwise). */
export function announceAccountChange(context: Readonly<RouterContextProvider>, request: Request, change: Change): Promise<void> {
  return announce(context, request, change, async ({ target }) => [...new Set([...(await administratorEmails()), target])]);
}

/** A password changed on /admin/account: to its holder alone (a change he did not make is how a stolen session shows). */
export function announceOwnPasswordChange(context: Readonly<RouterContextProvider>, request: Request): Promise<void> {
  const me = context.get(adminContext).email;
  return announce(context, request, { action: "Changed own password", target: me, summary: "Other devices were signed out" }, async () => [me]);
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

