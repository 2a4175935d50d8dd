// The event form (SPEC section 2, Event form): only the name is required; both switches start on.
// The date is typed in Malawi time and stored as a UTC instant.
import { z } from "zod";
import { checkbox, optionalText, requiredText, siteDateTime } from "./fields";

export const EVENT_DATE_INVALID = "Please enter a valid date and time, for example 2027-03-05 09:30";

export const eventSchema = z.object({
  name: requiredText("Event name is required", 150, "Please keep the event name under 150 characters"),
  date: siteDateTime(EVENT_DATE_INVALID),
  location: optionalText(200),
  description: optionalText(5000),
  image_alt: optionalText(200),
  active: checkbox(),
  registration_enabled: checkbox(),
});

const SAVE_FAILED = "Failed to save event. Please try again.";

export const EVENT_MESSAGES = {
  created: { title: "Event created", description: "The new event has been successfully created." },
  updated: { title: "Event updated", description: "The event has been successfully updated." },
  createFailed: SAVE_FAILED,
  updateFailed: SAVE_FAILED,
  deleted: { title: "Event deleted" },
  deleteFailed: "Failed to delete event. Please try again.",
  uploadFailed: "Failed to upload image. Please try again.",
  loadFailed: "Failed to load event data. Please try again.",
  listFailed: "Failed to load events. Please try again.",
} as const;
