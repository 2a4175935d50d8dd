import { z } from "zod";
import { checkbox, optionalText } from "~/lib/forms";
import { siteLocalInputToIso } from "~/lib/time";

export const EVENT_DATE_INVALID = "Please enter a valid date and time, for example 2027-03-05 09:30";

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;

/**
 * The `datetime-local` value, read as Malawi time: "" means no date yet (null); anything else must
 * be a real date and time. A browser without the picker sends what was typed, so a space between
 * date and time is accepted too.
 */
const eventDate = () =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return null;
      const iso = LOCAL_DATE_TIME.test(value) ? siteLocalInputToIso(value.replace(" ", "T")) : null;
      const year = Number(value.slice(0, 4));
      if (!iso || year < 1900 || year > 2200) {
        ctx.addIssue({ code: "custom", message: EVENT_DATE_INVALID });
        return z.NEVER;
      }
      return iso;
    });

/** The event form (SPEC section 2, Event form): only the name is required; both switches start on. */
export const eventSchema = z.object({
  name: z.string().trim().min(1, "Event name is required").max(150, "Please keep the event name under 150 characters"),
  date: eventDate(),
  location: optionalText(200),
  description: optionalText(5000),
  image_alt: optionalText(200),
  active: checkbox(),
  registration_enabled: checkbox(),
});
