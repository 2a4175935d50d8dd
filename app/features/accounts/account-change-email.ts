// To every Administrator when an account is added, removed or given another role (issue 17): an
// unexpected change is noticed even by someone who does not sign in that week.
import { type EmailOrganisation, type RenderedEmail, renderEmail } from "~/lib/email-layout";

export type AccountChange = {
  /** Who made the change (an Administrator's e-mail). */
  actor: string;
  /** 'Added account', 'Changed role', 'Removed account'. */
  action: string;
  /** The account changed (its e-mail). */
  target: string;
  /** 'Role: Editor', 'New role: Door volunteer' or empty. */
  summary: string;
  /** When, as the site shows it (Malawi time). */
  when: string;
};

export function accountChangeEmail(change: AccountChange, organisation: EmailOrganisation, origin: string, toTheAccount = false): RenderedEmail {
  if (toTheAccount) return yourAccountEmail(change, organisation, origin);
  return renderEmail({
    subject: `Account change: ${change.action} ${change.target}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: `${change.actor} made this change to the website's accounts on ${change.when}:` },
      { type: "quote", text: [`${change.action}: ${change.target}`, change.summary].filter(Boolean).join("\n") },
      { type: "paragraphs", text: "If nobody you know meant to do this, sign in, check the accounts and change your password." },
      { type: "link", label: "Accounts", url: `${origin}/admin/account` },
      { type: "link", label: "Account changes in the activity log", url: `${origin}/admin/activity?kind=account` },
    ],
    footer: [{ type: "paragraphs", text: "Every Administrator of the website gets this e-mail for each account change." }],
  });
}

/** The same change as its account's holder reads it: what happened to his account, by whom, and what to do if he did not expect it. */
function yourAccountEmail(change: AccountChange, organisation: EmailOrganisation, origin: string): RenderedEmail {
  const own = change.actor === change.target;
  const removed = change.action === "Removed account";
  return renderEmail({
    subject: `Your account on the website: ${change.action.toLowerCase()}`,
    organisation,
    blocks: [
      { type: "paragraphs", text: own ? `Your account's password was changed on ${change.when}.` : `${change.actor} made this change to your account (${change.target}) on ${change.when}:` },
      ...(own ? [] : [{ type: "quote" as const, text: [change.action, change.summary].filter(Boolean).join("\n") }]),
      {
        type: "paragraphs",
        text: own
          ? "Other devices were signed out. If you did not do this, ask an Administrator at once to reset your password."
          : removed
            ? "You can no longer sign in. If you did not expect this, ask an Administrator."
            : "If you did not expect this, ask an Administrator.",
      },
      ...(removed ? [] : [{ type: "link" as const, label: "Sign in", url: `${origin}/auth` }]),
    ],
    footer: [{ type: "paragraphs", text: "You get this e-mail because it is about your account on the website." }],
  });
}
