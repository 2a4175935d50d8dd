// The newsletter composer (/admin/newsletter): a subject, an intro, and the posts and events to
// include (by id, from what the page offered). The action checks it with this schema; what the
// three buttons do is its `intent` (preview, test, send).
import { z } from "zod";
import { ALWAYS, requiredText, tooLong } from "../../lib/schema-fields";

export const NEWSLETTER_LIMITS = { subject: 150, intro: 5000 } as const;

export const NEWSLETTER_INTENTS = ["preview", "test", "send"] as const;
export type NewsletterIntent = (typeof NEWSLETTER_INTENTS)[number];

export const NEWSLETTER_MESSAGES = {
  subjectRequired: "Please enter a subject",
  empty: "The newsletter is empty: write an intro or choose at least one post or event",
  noSubscribers: "There are no confirmed subscribers to send to yet. Nothing was sent.",
  notSetUp: "E-mail is not set up, so nothing can be sent yet.",
  expired: "This form is out of date. Please reload the page and try again.",
  testSent: (email: string) => `A test was sent to ${email}.`,
  sending: (count: number) => `The newsletter is on its way to ${count} ${count === 1 ? "subscriber" : "subscribers"}.`,
  alreadySent: "This newsletter was already sent (Send was pressed twice); nothing more was sent.",
  /** The same newsletter (subject and e-mail) sent within the hour, said at the confirm step; Send refuses it unless `again` is ticked. */
  sentAlready: (at: string, by: string) => `This newsletter went to the subscribers at ${at}, sent by ${by}. Sending it again sends it to them twice.`,
  sentAlreadyRefused: (at: string, by: string) =>
    `This newsletter went to the subscribers at ${at}, sent by ${by}, so nothing was sent now. To send it to them a second time, tick “Send it to them again” and press “Send to all confirmed subscribers”.`,
  again: "Send it to them again",
  confirm: (subject: string, count: number) =>
    `Send “${subject}” to ${count} confirmed ${count === 1 ? "subscriber" : "subscribers"}? Nothing has been sent yet: press “Send to all confirmed subscribers” again to send it.`,
} as const;

const ids = () => z.array(z.number().int().positive()).max(50).default([]);

export const newsletterSchema = z
  .object({
    /** Made when the composer was opened: Send pressed twice sends once. */
    send_key: z.string({ error: NEWSLETTER_MESSAGES.expired }).regex(/^[a-f0-9]{32}$/, NEWSLETTER_MESSAGES.expired),
    subject: requiredText(NEWSLETTER_MESSAGES.subjectRequired, NEWSLETTER_LIMITS.subject),
    intro: z
      .string()
      .trim()
      .max(NEWSLETTER_LIMITS.intro, tooLong(NEWSLETTER_LIMITS.intro))
      .optional()
      .transform((value) => value ?? ""),
    posts: ids(),
    events: ids(),
    /** "yes" once the sender has said to send to everyone (the dialog, or the page's question without JavaScript). */
    confirmed: z.string().optional(),
    /** The id of the same newsletter sent within the hour that the sender chose to send again (NEWSLETTER_MESSAGES.again). */
    send_again: z.number().int().positive().optional(),
  })
  .superRefine((value, ctx) => {
    const intro = typeof value.intro === "string" ? value.intro : "";
    if (!intro && !value.posts?.length && !value.events?.length) ctx.addIssue({ code: "custom", path: ["intro"], message: NEWSLETTER_MESSAGES.empty });
  }, ALWAYS);

export type NewsletterInput = z.output<typeof newsletterSchema>;
