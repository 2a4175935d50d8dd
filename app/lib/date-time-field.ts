// A Malawi date and time typed into a `datetime-local` field, for the forms that have one (an
// event's date, a post's publishing time). Apart from schema-fields.ts, whose other fields every
// form uses: reading Malawi time needs date-fns, which sign-in and most forms need not download.
import { z } from "zod";
import { siteLocalInputToIso } from "~/lib/time";

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;

/**
 * A `datetime-local` value read as Malawi time: the UTC instant it names, or null when it is empty
 * or not a real date and time. A browser without the picker sends what was typed, so a space
 * between date and time is accepted too.
 */
export function localDateTimeToIso(value: string | null | undefined): string | null {
  if (!value || !LOCAL_DATE_TIME.test(value)) return null;
  const year = Number(value.slice(0, 4));
  if (year < 1900 || year > 2200) return null;
  return siteLocalInputToIso(value.replace(" ", "T"));
}

/** An optional Malawi date and time from a `datetime-local` field, as its UTC instant (null when empty). */
export const siteDateTime = (invalid: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const iso = localDateTimeToIso(value);
      if (!iso) {
        ctx.addIssue({ code: "custom", message: invalid });
        return z.NEVER;
      }
      return iso;
    });
