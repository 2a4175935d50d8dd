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

export function accountChangeEmail(change: AccountChange, organisation: EmailOrganisation, origin: string): RenderedEmail {
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
