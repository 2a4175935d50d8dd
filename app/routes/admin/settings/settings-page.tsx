// /admin/settings: what the ministry sets for the whole site, one form per section (Organisation,
// Contact, Social links, Home hero, Conference card), each saved on its own. Everything shows on
// the next visit of every page (the save bumps the content version).
import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { RadioGroupField, RequiredLabel, SelectField } from "~/components/admin/form-kit";
import { ImageField } from "~/features/images";
import { TextAreaField, TextField } from "~/components/form-fields";
import { CONFERENCE_MODES, type ConferenceMode, conferenceSchemaWithEvents, SECTION_FORMS, type SiteSettings } from "~/features/settings";
import { formatInSiteZone } from "~/lib/time";
import type { Route } from "./+types/settings-page";
import { ListEditor, SectionFrame, useSectionForm, type PageAnswer } from "./section-form";
import { saveSettingsSection } from "~/features/settings/index.server";
import { settingsFormPage } from "~/features/site/index.server";
import { botCheckOn } from "~/server/abuse.server";

const SECTIONS = ["organisation", "contact", "social", "hero", "conference", "registrations", "giving"] as const;

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin" }];

export async function loader() {
  return { ...(await settingsFormPage(new Date())), botCheckOn: botCheckOn() };
}

export async function action(args: Route.ActionArgs) {
  return saveSettingsSection(args, await settingsFormPage(new Date()), "/admin/settings", SECTIONS);
}

type Versions = Route.ComponentProps["loaderData"]["versions"];
type SectionProps = { settings: SiteSettings; versions: Versions; actionData: PageAnswer | undefined };

function OrganisationSection({ settings, versions, actionData }: SectionProps) {
  const { fields, formProps, answer } = useSectionForm({ section: "organisation", actionData, defaultValue: settings.organisation });
  return (
    <SectionFrame section="organisation" version={versions.organisation} answer={answer} formProps={formProps} intro="The ministry's name as the site, link previews and the phone's home screen show it.">
      <TextField field={fields.name} label={<RequiredLabel>Name</RequiredLabel>} />
      <TextField field={fields.short_name} label={<RequiredLabel>Short name</RequiredLabel>} hint="In the header, page titles and on a phone's home screen." />
      <TextField field={fields.tagline} label={<RequiredLabel>Tagline</RequiredLabel>} hint="The home page's heading." />
      <TextAreaField field={fields.footer_text} label={<RequiredLabel>Footer text</RequiredLabel>} rows={3} />
      <TextField field={fields.parent_body} label={<RequiredLabel>Parent body</RequiredLabel>} />
    </SectionFrame>
  );
}

function ContactSection({ settings, versions, actionData }: SectionProps) {
  const { contact } = settings;
  const { fields, formProps, answer, postedImageUrl } = useSectionForm({
    section: "contact",
    actionData,
    // A list of lines is typed one per line.
    defaultValue: {
      ...contact,
      address_lines: contact.address_lines.join("\n"),
      more_phones: contact.more_phones.join("\n"),
      office_hours: contact.office_hours.join("\n"),
    },
  });
  const [uploading, setUploading] = useState(false);
  return (
    <SectionFrame section="contact" version={versions.contact} answer={answer} formProps={formProps} multipart intro="Shown on the contact page and in the footer of every page.">
      <TextAreaField field={fields.address_lines} label={<RequiredLabel>Address</RequiredLabel>} rows={3} hint="One line each, for example: Falls Area 1, Lilongwe, Malawi." />
      <TextField field={fields.contact_phone} label={<RequiredLabel>Phone</RequiredLabel>} type="tel" autoComplete="off" hint="The number shown first." />
      <TextAreaField field={fields.more_phones} label="Other numbers" rows={2} hint="One per line; leave empty if there is only one." />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          field={fields.president_email}
          label={<RequiredLabel>President's email</RequiredLabel>}
          type="email"
          autoComplete="off"
          hint="Shown on the contact page. Every contact-form message is sent here, and replies to the newsletter come here."
        />
        <TextField
          field={fields.events_email}
          label={<RequiredLabel>Events email</RequiredLabel>}
          type="email"
          autoComplete="off"
          hint="Shown on the contact page. Replies to registration e-mails come here, and staff's notices of registrations go here."
        />
      </div>
      <TextAreaField field={fields.office_hours} label={<RequiredLabel>Office hours</RequiredLabel>} rows={2} hint="One line each." />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={fields.map_latitude} label={<RequiredLabel>Map latitude</RequiredLabel>} type="number" step="any" inputMode="decimal" />
        <TextField field={fields.map_longitude} label={<RequiredLabel>Map longitude</RequiredLabel>} type="number" step="any" inputMode="decimal" />
      </div>
      <p className="-mt-2 text-sm text-stone-600">The 'Open in OpenStreetMap' link points at these coordinates.</p>
      <ImageField kind="site" label="Map picture" defaultUrl={postedImageUrl ?? contact.map_image} onUploadingChange={setUploading} />
      {uploading ? <p className="text-sm text-stone-600">Wait for the picture to finish uploading, then save.</p> : null}
    </SectionFrame>
  );
}

function SocialSection({ settings, versions, actionData }: SectionProps) {
  const { fields, formProps, answer } = useSectionForm({ section: "social", actionData, defaultValue: settings.social });
  return (
    <SectionFrame section="social" version={versions.social} answer={answer} formProps={formProps} intro="Each link shows in the footer and on the contact page; leave one empty to hide it.">
      <TextField field={fields.facebook_url} label="Facebook page" type="url" inputMode="url" placeholder="https://www.facebook.com/..." />
      <TextField field={fields.whatsapp_url} label="WhatsApp channel or group invite" type="url" inputMode="url" placeholder="https://whatsapp.com/channel/..." />
      <TextField field={fields.youtube_url} label="YouTube channel" type="url" inputMode="url" placeholder="https://www.youtube.com/@..." />
    </SectionFrame>
  );
}

function RegistrationsSection({ settings, versions, actionData }: SectionProps) {
  const { fields, formProps, answer } = useSectionForm({ section: "registrations", actionData, defaultValue: settings.registrations });
  return (
    <SectionFrame section="registrations" version={versions.registrations} answer={answer} formProps={formProps} intro="Registering for events, and SMS to registrants.">
      <TextField
        field={fields.registrations_per_address_per_hour}
        label={<RequiredLabel>Registrations per event from one internet address, per hour</RequiredLabel>}
        type="number"
        inputMode="numeric"
        min={1}
        max={1000}
        hint="Phones on one mobile network can share an address, so keep this above the size of a church's group. Staff adding people at the desk are not limited."
      />
      <TextField
        field={fields.sms_price_mwk}
        label={<RequiredLabel>Price of one SMS (MK)</RequiredLabel>}
        type="number"
        inputMode="decimal"
        min={0}
        max={1000}
        step="any"
        hint="From the SMS provider's price list: Message registrants shows what a message will cost."
      />
    </SectionFrame>
  );
}

function GivingSection({ settings, versions, actionData }: SectionProps) {
  const { fields, formProps, answer } = useSectionForm({ section: "giving", actionData, defaultValue: { giving_funds: settings.giving.giving_funds.join("\n") } });
  return (
    <SectionFrame section="giving" version={versions.giving} answer={answer} formProps={formProps} intro="The funds people can give to on the Give page.">
      <TextAreaField field={fields.giving_funds} label={<RequiredLabel>Funds</RequiredLabel>} rows={4} hint="One fund per line, for example: General Fund." />
    </SectionFrame>
  );
}

function HeroSection({ settings, versions, actionData }: SectionProps) {
  const { form, fields, formProps, answer } = useSectionForm({ section: "hero", actionData, defaultValue: settings.hero });
  const anyForm = form as unknown as Parameters<typeof ListEditor>[0]["form"];
  return (
    <SectionFrame
      section="hero"
      version={versions.hero}
      answer={answer}
      formProps={formProps}
      intro="The home page's hero shows a verse, then a testimonial, in turn, every 8 seconds. With one list empty it shows the other alone; with both empty, only the heading."
    >
      <fieldset className="space-y-3">
        <legend className="font-semibold text-stone-900">Verses</legend>
        <ListEditor
          form={anyForm}
          field={fields.verses as FieldMetadata<{ text: string; reference: string }[] | undefined>}
          itemName="verse"
          empty={{ text: "", reference: "" }}
          renderItem={(verse) => (
            <>
              <TextAreaField field={verse.text} label="Verse" rows={3} />
              <TextField field={verse.reference} label="Reference" placeholder="e.g. Joshua 1:9" />
            </>
          )}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="font-semibold text-stone-900">Testimonials</legend>
        <ListEditor
          form={anyForm}
          field={fields.testimonials as FieldMetadata<{ quote: string; name: string; role: string }[] | undefined>}
          itemName="testimonial"
          empty={{ quote: "", name: "", role: "" }}
          renderItem={(testimonial) => (
            <>
              <TextAreaField field={testimonial.quote} label="Quote" rows={3} />
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField field={testimonial.name} label="Name" />
                <TextField field={testimonial.role} label="Role" placeholder="e.g. Deacon, Lilongwe" />
              </div>
            </>
          )}
        />
      </fieldset>
    </SectionFrame>
  );
}

const MODE_LABELS: Record<ConferenceMode, { label: string; hint: string }> = {
  auto: { label: "The next event taking registrations", hint: "Chosen by itself; no card when there is none." },
  event: { label: "An event I choose", hint: "Pick it below." },
  custom: { label: "A conference I type in", hint: "Fill in the details below." },
  hidden: { label: "No card", hint: "The hero keeps its layout." },
};

function ConferenceSection({ settings, versions, actionData, upcomingEvents }: SectionProps & { upcomingEvents: Route.ComponentProps["loaderData"]["upcomingEvents"] }) {
  const { conference } = settings;
  const schema = conferenceSchemaWithEvents(new Set(upcomingEvents.map((event) => event.id)));
  const { fields, formProps, answer } = useSectionForm({ section: "conference", actionData, defaultValue: conference, schema });
  const mode = fields.conference_mode;
  return (
    <SectionFrame section="conference" version={versions.conference} answer={answer} formProps={formProps} intro="The card beside the home page's hero, counting down to a conference.">
      <RadioGroupField
        field={mode}
        legend={`${SECTION_FORMS.conference.heading} shows`}
        options={CONFERENCE_MODES.map((value) => ({ value, ...MODE_LABELS[value] }))}
      />
      <SelectField
        field={fields.conference_event_id}
        label="Event (for 'An event I choose')"
        emptyOption={upcomingEvents.length ? "Choose an event" : "No upcoming events yet"}
        options={upcomingEvents.map((event) => ({
          value: String(event.id),
          label: `${event.name} (${formatInSiteZone(event.date, "MMM d, yyyy") ?? "no date"})`,
        }))}
      />
      <fieldset className="space-y-4 rounded-lg border border-stone-200 p-3 sm:p-4">
        <legend className="px-1 text-sm font-medium text-stone-800">The card's details (for 'A conference I type in')</legend>
        <TextField field={fields.eyebrow} label="Small heading" placeholder="e.g. National Men's Conference" hint="Also shown above an event's name in the other modes." />
        <TextField field={fields.title} label="Title" placeholder="e.g. Strong and Courageous 2027" />
        <TextField field={fields.starts_at} label="Starts" type="datetime-local" hint="Malawi time." />
        <TextField field={fields.venue} label="Venue" placeholder="e.g. Area 47, Lilongwe" />
        <TextField field={fields.link} label="Register Now goes to" placeholder="/events" hint="A page of this site such as /events, or a full link starting with https://." />
      </fieldset>
    </SectionFrame>
  );
}

/** Whether the public forms' bot check is on: set by whoever deploys, not here (docs/deploy.md, "Bot check"). */
function BotCheckStatus({ on }: { on: boolean }) {
  return (
    // Plain text, not a status: it says how things stand, not what a save did.
    <p className="mt-3 rounded-lg border border-stone-200 bg-white p-3 text-sm text-stone-800">
      {on
        ? "Bot check: on. The public forms (registration, groups, contact, newsletter, giving) check that a person, not a program, sent them."
        : "Bot check: off. The public forms do not check yet that a person, not a program, sent them. Whoever set up the site can turn it on (the deploy guide's \"Bot check\")."}
    </p>
  );
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, versions, upcomingEvents, botCheckOn } = loaderData;
  const props = { settings, versions, actionData };
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Settings</h1>
        <p className="mt-1 text-sm text-stone-600">Each part is saved on its own with its own button.</p>
        <nav aria-label="Settings sections" className="mt-3">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {SECTIONS.map((section) => (
              <li key={section}>
                <a href={`#${section}`} className="inline-block py-1 font-medium text-brand-700 underline-offset-2 hover:underline">
                  {SECTION_FORMS[section].heading}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <BotCheckStatus on={botCheckOn} />
      </div>
      <OrganisationSection {...props} />
      <ContactSection {...props} />
      <SocialSection {...props} />
      <HeroSection {...props} />
      <ConferenceSection {...props} upcomingEvents={upcomingEvents} />
      <RegistrationsSection {...props} />
      <GivingSection {...props} />
    </div>
  );
}
