// /admin/events/new and /admin/events/edit/:id (SPEC section 2, Event form). The date is typed and
// shown in Malawi time whatever the admin's device says, and stored as a UTC instant.
import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { AdminFormPage, FormActions, RequiredLabel, SwitchField, useAdminForm } from "~/components/admin/form-kit";
import { ImageField, type SampleImage } from "~/components/admin/image-field";
import { TextAreaField, TextField } from "~/components/form-fields";
import { showToast } from "~/components/toaster";
import { adminTabHref } from "~/lib/admin-tabs";
import { EVENT_IMAGE_RECOMMENDED_SIZE } from "~/lib/constants";
import { EVENT_DATE_INVALID, eventSchema } from "~/lib/schemas/event";
import { isoToSiteLocalInput } from "~/lib/time";
import { createEvent, deleteEvent, getEvent, updateEvent, type EventInput } from "~/models/event.server";
import { entityAction, loadForEdit } from "~/server/admin-entity.server";
import { getDb } from "~/server/db.server";
import type { Route } from "./+types/event-form";

const EVENTS_TAB = adminTabHref("events");
const SAVE_FAILED = "Failed to save event. Please try again.";
const UPLOAD_FAILED = "Failed to upload image. Please try again.";

/** The three bundled pictures an admin may use instead of uploading one (SPEC section 9). */
const SAMPLE_IMAGES: SampleImage[] = [
  { url: "/media/events/sample-conference-1600w.webp", label: "Conference" },
  { url: "/media/events/sample-retreat-1600w.webp", label: "Retreat" },
  { url: "/media/events/sample-outreach-1600w.webp", label: "Outreach" },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.event ? "Edit Event" : "Create New Event"} | Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const event = await loadForEdit(request, params.id, (id) => getEvent(getDb(), id), {
    path: EVENTS_TAB,
    message: "Failed to load event data. Please try again.",
  });
  return { event };
}

export function action(args: Route.ActionArgs) {
  const db = getDb();
  return entityAction(
    {
      tab: "events",
      schema: eventSchema,
      imageKind: "event",
      toInput: (data, image_url): EventInput => ({ ...data, image_url }),
      messages: {
        created: { title: "Event created", description: "The new event has been successfully created." },
        updated: { title: "Event updated", description: "The event has been successfully updated." },
        createFailed: SAVE_FAILED,
        updateFailed: SAVE_FAILED,
        deleted: { title: "Event deleted" },
        deleteFailed: "Failed to delete event. Please try again.",
        uploadFailed: UPLOAD_FAILED,
      },
      model: {
        imageOf: (id) => getEvent(db, id),
        create: (input) => createEvent(db, input),
        update: (id, input) => updateEvent(db, id, input),
        remove: (id) => deleteEvent(db, id),
      },
    },
    args,
  );
}

type TextName = "name" | "location" | "description" | "image_alt";

export default function EventForm({ loaderData, actionData }: Route.ComponentProps) {
  const { event } = loaderData;
  const editing = event !== null;
  const { errors, onSubmit, pending, values } = useAdminForm(eventSchema, actionData);
  const [uploading, setUploading] = useState(false);
  const [dateError, setDateError] = useState<string | null>(null);
  const value = (name: TextName) => values?.[name] ?? event?.[name] ?? "";
  const switchOn = (name: "active" | "registration_enabled") => (values ? values[name] === "on" : (event?.[name] ?? true));

  // A date picker holding half a value (a day without a time) submits "", which would quietly save
  // the event without a date: refuse it before the schema sees the empty value.
  function submit(formEvent: FormEvent<HTMLFormElement>) {
    const submitter = (formEvent.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const date = formEvent.currentTarget.elements.namedItem("date");
    if (submitter?.value === "save" && date instanceof HTMLInputElement && date.validity.badInput) {
      formEvent.preventDefault();
      setDateError(EVENT_DATE_INVALID);
      showToast({ title: "Error", description: EVENT_DATE_INVALID, variant: "destructive" });
      date.focus();
      return;
    }
    setDateError(null);
    onSubmit(formEvent);
  }

  return (
    <AdminFormPage title={editing ? "Edit Event" : "Create New Event"} backTo={EVENTS_TAB}>
      <Form method="post" encType="multipart/form-data" replace onSubmit={submit} noValidate className="space-y-5">
        <TextField label={<RequiredLabel>Event Name</RequiredLabel>} name="name" required maxLength={150} defaultValue={value("name")} error={errors.name} />
        <TextField
          label="Date and Time"
          name="date"
          type="datetime-local"
          defaultValue={values?.date ?? isoToSiteLocalInput(event?.date)}
          hint="Malawi time. Leave empty if the date is not set yet."
          error={dateError ?? errors.date}
        />
        <TextField
          label="Location"
          name="location"
          maxLength={200}
          placeholder="e.g. Area 47, Lilongwe"
          defaultValue={value("location")}
          error={errors.location}
        />
        <TextAreaField label="Description" name="description" rows={5} maxLength={5000} defaultValue={value("description")} error={errors.description} />
        <ImageField
          kind="event"
          label="Event Image"
          hint={`Recommended size: ${EVENT_IMAGE_RECOMMENDED_SIZE}`}
          defaultUrl={values?.image_url ?? event?.image_url ?? null}
          uploadErrorMessage={UPLOAD_FAILED}
          samples={SAMPLE_IMAGES}
          onUploadingChange={setUploading}
        />
        <TextField
          label="Image description"
          name="image_alt"
          maxLength={200}
          placeholder="e.g. Men praying together"
          hint="Read aloud to people who cannot see the picture. Leave empty to use the event name."
          defaultValue={value("image_alt")}
          error={errors.image_alt}
        />
        <SwitchField name="active" label="Active" hint="Active events are visible to the public" defaultChecked={switchOn("active")} />
        <SwitchField
          name="registration_enabled"
          label="Allow Registration"
          hint="Enable people to register for this event"
          defaultChecked={switchOn("registration_enabled")}
        />
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
