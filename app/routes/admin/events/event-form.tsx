// /admin/events/new and /admin/events/edit/:id (SPEC section 2, Event form). The date is typed and
// shown in Malawi time whatever the admin's device says, and stored as a UTC instant.
import { useState } from "react";
import { Form } from "react-router";
import { AdminFormPage, FormActions, RadioGroupField, RequiredLabel, SwitchField, useAdminForm } from "~/components/admin/form-kit";
import { ImageField, type SampleImage } from "~/features/images";
import { FormAlert, TextAreaField, TextField } from "~/components/form-fields";
import { EVENT_CAPACITY_INVALID, EVENT_DATE_INVALID, EVENT_HOLD_INVALID, EVENT_MESSAGES, eventNotices, EVENT_PRICE_INVALID, EVENT_REMINDER_CHOICES, eventFormSchema, EventQuestionsFieldset, questionFormValues, REGISTRATION_NOTIFICATION_CHOICES } from "~/features/events";
import { adminTabHref } from "~/lib/admin-tabs";
import { EVENT_IMAGE_RECOMMENDED_SIZE } from "~/lib/constants";
import { isoToSiteLocalInput } from "~/lib/time";
import { VersionField } from "~/features/history";
import type { Route } from "./+types/event-form";
import { NOTICE_CLASS } from "~/lib/form-styles";

export { action, loader } from "./event-form.server";

const EVENTS_TAB = adminTabHref("events");

/** The three bundled pictures an admin may use instead of uploading one (SPEC section 9). */
const SAMPLE_IMAGES: SampleImage[] = [
  { url: "/media/events/sample-conference-1600w.webp", label: "Conference" },
  { url: "/media/events/sample-retreat-1600w.webp", label: "Retreat" },
  { url: "/media/events/sample-outreach-1600w.webp", label: "Outreach" },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.event ? "Edit Event" : "Create New Event"} | Admin` },
];

export default function EventForm({ loaderData, actionData }: Route.ComponentProps) {
  const { event, questions, hasAssociations } = loaderData;
  const editing = event !== null;
  const { form, fields, formProps, pending, postedImageUrl } = useAdminForm({
    schema: eventFormSchema,
    actionData,
    // Both switches start on for a new event (SPEC section 2). Then the questions, and blank rows.
    defaultValue: {
      ...(event
        ? { ...event, date: isoToSiteLocalInput(event.date), ends_at: isoToSiteLocalInput(event.ends_at), registration_closes_at: isoToSiteLocalInput(event.registration_closes_at) }
        : { active: true, registration_enabled: true, waitlist_enabled: true, registration_notifications: "none", reminder: "day_before" }),
      ...questionFormValues(questions),
    },
    // A date picker holding half a value (a day without a time) posts "", which would quietly save
    // the event without a date: refuse it before the schema sees the empty value. The same for a
    // number field holding something that is not a number.
    unreadable: { date: EVENT_DATE_INVALID, ends_at: EVENT_DATE_INVALID, registration_closes_at: EVENT_DATE_INVALID, capacity: EVENT_CAPACITY_INVALID, price: EVENT_PRICE_INVALID, payment_hold_hours: EVENT_HOLD_INVALID },
  });
  const [uploading, setUploading] = useState(false);
  // As the event is stored (the save's toast says the same of what was saved).
  const notices = event ? eventNotices(event, event.confirmed, new Date()) : [];

  return (
    <AdminFormPage title={editing ? "Edit Event" : "Create New Event"} backTo={EVENTS_TAB}>
      <Form method="post" encType="multipart/form-data" replace {...formProps} className="space-y-5">
        <FormAlert message={form.errors?.[0]} />
        {event ? <VersionField version={event.version} answer={actionData} /> : null}
        <TextField field={fields.name} label={<RequiredLabel>Event Name</RequiredLabel>} />
        <TextField field={fields.date} label="Date and Time" type="datetime-local" hint="Malawi time. Leave empty if the date is not set yet." />
        <TextField
          field={fields.ends_at}
          label="Ends"
          type="datetime-local"
          hint="For an event of more than one day, or to give its closing time. Leave empty if it is not known."
        />
        <TextField field={fields.location} label="Location" placeholder="e.g. Area 47, Lilongwe" />
        <TextAreaField field={fields.description} label="Description" rows={5} />
        <ImageField
          kind="event"
          label="Event Image"
          hint={`Recommended size: ${EVENT_IMAGE_RECOMMENDED_SIZE}`}
          defaultUrl={postedImageUrl ?? event?.image_url ?? null}
          uploadErrorMessage={EVENT_MESSAGES.uploadFailed}
          samples={SAMPLE_IMAGES}
          onUploadingChange={setUploading}
        />
        <TextField
          field={fields.image_alt}
          label="Image description"
          placeholder="e.g. Men praying together"
          hint="Read aloud to people who cannot see the picture. Leave empty to use the event name."
        />
        <SwitchField field={fields.active} label="Active" hint="Active events are visible to the public" />
        <SwitchField field={fields.registration_enabled} label="Allow Registration" hint="Enable people to register for this event" />
        <fieldset className="space-y-5 rounded-lg border border-stone-200 p-4">
          <legend className="px-1 text-sm font-semibold text-stone-900">Places and waiting list</legend>
          <TextField
            field={fields.capacity}
            label="Capacity"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint={
              editing
                ? `How many people can come; leave empty for no limit. ${event.confirmed} confirmed now.`
                : "How many people can come; leave empty for no limit."
            }
          />
          {notices.map((notice) => (
            <p key={notice} role="note" className={NOTICE_CLASS}>
              {notice}
            </p>
          ))}
          <SwitchField
            field={fields.waitlist_enabled}
            label="Waiting list"
            hint="When every place is taken, people can join a waiting list and move up when someone cancels"
          />
          <TextField
            field={fields.registration_closes_at}
            label="Registration closes"
            type="datetime-local"
            hint="Malawi time. Leave empty to close registration when the event starts."
          />
          <RadioGroupField
            field={fields.registration_notifications}
            legend="E-mail staff about registrations"
            options={REGISTRATION_NOTIFICATION_CHOICES}
          />
          <RadioGroupField field={fields.reminder} legend="Remind registrants (SMS and e-mail)" options={EVENT_REMINDER_CHOICES} />
        </fieldset>
        <EventQuestionsFieldset questions={fields.questions} association={fields.association_question} church={fields.church_question} hasAssociations={hasAssociations} />
        <fieldset className="space-y-5 rounded-lg border border-stone-200 p-4">
          <legend className="px-1 text-sm font-semibold text-stone-900">Fee</legend>
          <TextField
            field={fields.price}
            label="Fee (MK)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint="Whole kwacha, for example 15000. Leave empty (or 0) for a free event."
          />
          <TextField
            field={fields.payment_hold_hours}
            label="Hours to pay"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint='An unpaid registration is cancelled ("not paid") this many hours after it was made, and the next person waiting moves up. Leave empty to never release a place for not paying.'
          />
        </fieldset>
        <FormActions
          cancelTo={EVENTS_TAB}
          submitLabel={editing ? "Update Event" : "Create Event"}
          pendingLabel={editing ? "Updating..." : "Creating..."}
          pending={pending}
          disabled={uploading}
        />
      </Form>
    </AdminFormPage>
  );
}
