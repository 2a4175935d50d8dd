// /admin/newsletter: compose a newsletter (subject, intro, recent posts and upcoming events), see it
// as readers will while typing, send a test to yourself, copy it for WhatsApp, send it to every
// confirmed subscriber, and follow past newsletters' progress.
import { inputProps } from "~/lib/form-constraints";
import { useRef, useState, type FormEvent } from "react";
import { Form, Link } from "react-router";
import {
  EmailPreview,
  EmailSetupNotice,
  exampleUnsubscribeUrl,
  NEWSLETTER_LIMITS,
  NEWSLETTER_MESSAGES,
  newsletterEmail,
  type NewsletterItem,
  newsletterSchema,
  newsletterWhatsAppText,
} from "~/features/messaging";
import { RequiredLabel, useAdminForm } from "~/components/admin/form-kit";
import { buttonClass, FormAlert, SubmitButton, TextAreaField, TextField } from "~/components/form-fields";
import { WhatsAppIcon } from "~/components/icons";
import { showToast } from "~/components/toaster";
import { formErrorOf } from "~/lib/form-answer";
import { formatInSiteZone } from "~/lib/time";
import type { Route } from "./+types/composer";
import { composerAction, composerLoader } from "~/features/messaging/index.server";
import { ProgressCounts } from "./progress-counts";
import { NOTICE_CLASS } from "~/lib/form-styles";

// A send refused because someone sent it first reads the page again: Past newsletters lists theirs.
export { readAgainAfterConflict as shouldRevalidate } from "~/lib/form-answer";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return composerLoader(request);
}

export function action(args: Route.ActionArgs) {
  return composerAction(args);
}

type Draft = { subject: string; intro: string; posts: number[]; events: number[] };

/** What the form holds now (read from the form itself, so the preview follows every keystroke). */
function draftOf(form: HTMLFormElement): Draft {
  const data = new FormData(form);
  const ids = (name: string) => data.getAll(name).map(Number).filter(Number.isInteger);
  return { subject: String(data.get("subject") ?? ""), intro: String(data.get("intro") ?? ""), posts: ids("posts"), events: ids("events") };
}

/** What the last post held (a refused send, a preview without JavaScript), else nothing. */
function draftFrom(initial: Record<string, unknown> | null | undefined): Draft {
  const list = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(Number).filter(Number.isInteger);
  return {
    subject: typeof initial?.subject === "string" ? initial.subject : "",
    intro: typeof initial?.intro === "string" ? initial.intro : "",
    posts: list(initial?.posts),
    events: list(initial?.events),
  };
}

function ItemPicker({ legend, name, items, chosen, empty }: { legend: string; name: string; items: NewsletterItem[]; chosen: number[]; empty: string }) {
  return (
    <fieldset className="rounded-lg border border-stone-200 p-3">
      <legend className="px-1 text-sm font-medium text-stone-800">{legend}</legend>
      {items.length === 0 ? (
        <p className="text-sm text-stone-600">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((item) => (
            <li key={item.id}>
              <label className="flex items-start gap-3 rounded-md p-1 hover:bg-stone-50">
                <input type="checkbox" name={name} value={item.id} defaultChecked={chosen.includes(item.id)} className="mt-1 size-4 shrink-0 accent-brand-700" />
                <span className="min-w-0">
                  <span className="block text-sm font-medium break-words text-stone-900">{item.title}</span>
                  <span className="line-clamp-2 block text-sm text-stone-600">{item.summary}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export default function NewsletterComposer({ loaderData, actionData }: Route.ComponentProps) {
  const { sendKey, organisation, origin, posts, events, recipients, past, missing, queue } = loaderData;
  const { fields, formProps, pending } = useAdminForm({ schema: newsletterSchema, actionData, defaultValue: { send_key: sendKey } });
  const [draft, setDraft] = useState(() => draftFrom(actionData?.result.initialValue));
  const whatsappRef = useRef<HTMLTextAreaElement>(null);

  const content = {
    subject: draft.subject.trim() || "(no subject yet)",
    intro: draft.intro,
    items: [...posts.filter((item) => draft.posts.includes(item.id)), ...events.filter((item) => draft.events.includes(item.id))],
  };
  const preview = newsletterEmail(content, organisation, origin, exampleUnsubscribeUrl(origin));
  const whatsapp = newsletterWhatsAppText(content, organisation);

  // The server sends to everyone only when `confirmed` says yes: the dialog sets it; without
  // JavaScript the page asks (`confirm`) and the next press carries it.
  const asked = actionData && "confirm" in actionData && typeof actionData.confirm === "string" ? actionData.confirm : null;
  // Said on the page too, for a browser without JavaScript (no toast there).
  const testSent = actionData && "sent" in actionData && typeof actionData.sent === "string" ? actionData.sent : null;
  // The same newsletter went within the hour: said at the confirm step (or by the refusal), with the tick Send needs to send it again.
  const sentAlready = actionData && "sentAlready" in actionData ? (actionData.sentAlready as { id: number; text: string | null } | null) : null;
  const confirmedRef = useRef<HTMLInputElement>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The form is checked first: a newsletter with no subject is refused before anyone is asked to send it.
    formProps.onSubmit(event);
    if (event.defaultPrevented) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const count = `${recipients} confirmed ${recipients === 1 ? "subscriber" : "subscribers"}`;
    if (submitter instanceof HTMLButtonElement && submitter.value === "send") {
      if (!window.confirm(`Send "${content.subject}" to ${count}?`)) {
        event.preventDefault();
        return;
      }
      if (confirmedRef.current) confirmedRef.current.value = "yes";
    }
  }

  async function copyForWhatsApp() {
    try {
      await navigator.clipboard.writeText(whatsapp);
      showToast({ title: "Copied", description: "Paste it into a WhatsApp group." });
    } catch {
      whatsappRef.current?.select();
      showToast({ title: "Copy it yourself", description: "The text is selected below: copy it and paste it into a WhatsApp group." });
    }
  }

  const { key: sendKeyKey, ...sendKeyInput } = inputProps(fields.send_key, { type: "hidden" });
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900">Newsletter</h1>
      <p className="text-sm text-stone-600">
        {`Write to everyone who subscribed in the website's footer and confirmed their address: ${recipients} ${recipients === 1 ? "person" : "people"} now.`}
      </p>
      {missing ? <EmailSetupNotice missing={missing} /> : null}

      <Form
        method="post"
        {...formProps}
        onSubmit={onSubmit}
        onInput={(event) => setDraft(draftOf(event.currentTarget))}
        onChange={(event) => setDraft(draftOf(event.currentTarget))}
        className="mt-6 space-y-5 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <FormAlert message={formErrorOf(actionData?.result)} />
        <input key={sendKeyKey} {...sendKeyInput} />
        <input ref={confirmedRef} type="hidden" name="confirmed" defaultValue={asked ? "yes" : ""} key={asked ?? "unasked"} />
        <TextField field={fields.subject} label={<RequiredLabel>Subject</RequiredLabel>} autoComplete="off" />
        <TextAreaField
          field={fields.intro}
          label="Intro"
          rows={6}
          hint={`A few words to begin with; a blank line starts a new paragraph. Up to ${NEWSLETTER_LIMITS.intro} characters.`}
        />
        <ItemPicker legend="Recent posts to include" name={fields.posts.name} items={posts} chosen={draft.posts} empty="No posts yet." />
        <ItemPicker legend="Upcoming events to include" name={fields.events.name} items={events} chosen={draft.events} empty="No upcoming events." />

        <section aria-labelledby="newsletter-preview" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="newsletter-preview" className="text-lg font-semibold text-stone-900">
              Preview
            </h2>
            <button type="submit" name="intent" value="preview" formNoValidate className={buttonClass.secondary}>
              Update preview
            </button>
          </div>
          <p className="text-sm text-stone-600">{`Subject: ${preview.subject}`}</p>
          <EmailPreview html={preview.html} text={preview.text} title="Preview of the newsletter e-mail" />
        </section>

        <section aria-labelledby="newsletter-whatsapp" className="space-y-2">
          <h2 id="newsletter-whatsapp" className="text-lg font-semibold text-stone-900">
            For WhatsApp
          </h2>
          <p className="text-sm text-stone-600">The same newsletter as plain text with its links, to paste into a group.</p>
          <textarea ref={whatsappRef} readOnly value={whatsapp} rows={8} aria-label="The newsletter as text for WhatsApp" className="block w-full rounded-md border border-stone-300 bg-stone-50 px-3 py-2 text-sm text-stone-800" />
          <button type="button" onClick={copyForWhatsApp} className={buttonClass.secondary}>
            <WhatsAppIcon className="size-4" />
            Copy for WhatsApp
          </button>
        </section>

        {asked ? (
          <p role="alert" className={NOTICE_CLASS}>
            {asked}
          </p>
        ) : null}
        {sentAlready ? (
          <div className={NOTICE_CLASS}>
            {sentAlready.text ? <p role="alert">{sentAlready.text}</p> : null}
            <label className="mt-2 flex items-center gap-2">
              <input type="checkbox" name="send_again" value={sentAlready.id} className="size-4 accent-brand-700" />
              {NEWSLETTER_MESSAGES.again}
            </label>
          </div>
        ) : null}
        {testSent ? (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm font-medium text-green-900">
            {testSent}
          </p>
        ) : null}
        <div className="flex flex-col gap-3 border-t border-stone-200 pt-5 sm:flex-row sm:justify-end">
          <SubmitButton pending={pending} pendingLabel="Working..." variant="secondary" name="intent" value="test">
            Send a test to me
          </SubmitButton>
          <SubmitButton pending={pending} pendingLabel="Working..." name="intent" value="send">
            Send to all confirmed subscribers
          </SubmitButton>
        </div>
        {queue ? null : <p className="text-sm text-stone-600">Without the newsletter queue, copies go out about 100 every 10 minutes.</p>}
      </Form>

      <section aria-labelledby="past-newsletters" className="mt-8">
        <h2 id="past-newsletters" className="text-lg font-semibold text-stone-900">
          Past newsletters
        </h2>
        {past.length === 0 ? (
          <p className="mt-3 rounded-lg border border-dashed border-stone-300 bg-white px-6 py-8 text-center text-stone-600">No newsletters sent yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">
            {past.map((newsletter) => (
              <li key={newsletter.id} className="px-4 py-3">
                <Link to={`/admin/newsletter/${newsletter.id}`} className="font-semibold break-words text-brand-800 hover:underline">
                  {newsletter.subject}
                </Link>
                <p className="text-sm text-stone-600">{`${formatInSiteZone(newsletter.created_at, "MMM d, yyyy HH:mm")} by ${newsletter.sent_by}`}</p>
                <ProgressCounts progress={newsletter} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
