// /admin/settings and /admin/pages on the server: what their forms start from, and saving one
// section. A save is checked by the section's schema, then written only if nobody saved the
// section since the form was opened (its version); otherwise it is refused with when they saved,
// keeping what was typed. Adding, removing and moving list entries (verses, timeline entries)
// without JavaScript posts the form too: conform answers with the changed list and nothing is saved.
import { refuseUncallablePhones } from "~/server/phone.server";
import type { Submission } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { CONTACT_DEFAULTS } from "~/features/settings/organisation";
import { adminContext } from "~/features/accounts";
import { requestContext } from "~/server/request-context";
import { firstErrors, type FormAnswer } from "~/lib/form-answer";
import { RESTORE_INTENT, RESTORED, staleSaveMessage } from "~/features/history";
import {
  conferenceSchemaWithEvents,
  SECTION_FORMS,
  SECTION_SCHEMAS,
  type SettingsSection,
  type SettingsValues,
} from "~/features/settings/settings-forms";
import { saveSection } from "~/features/settings/settings-saves.server";
import { errorToast, invalidFormToast, readAdminPost } from "~/server/admin-actions.server";
import { BadRequest, parseSubmission, refusal } from "~/server/forms.server";
import { decideImage, releasePictures } from "~/features/images/index.server";
import { sectionSaves, sectionVersions, siteSettings, storedSettings, type StoredSection } from "~/features/settings/settings.server";
import { changedFields, noteActivity, replacedFieldsText } from "~/features/accounts/index.server";
import { redirectWithToast } from "~/server/toast.server";

/** A section form's answer: which section it was for, conform's result and, after a stale save, the version the form posts next. */
export type SectionAnswer = FormAnswer & { section: SettingsSection; currentVersion?: number };

/** An event the conference card may follow. */
type UpcomingEvent = { id: number; name: string; date: string | null };

/**
 * What a settings page's forms start from: the values, each section's version and last save, and
 * the upcoming events (read with the stored sections in one round trip: features/site's settingsFormPage).
 */
export function settingsPageData(rows: StoredSection[], upcomingEvents: UpcomingEvent[]) {
  return { settings: siteSettings(rows), versions: sectionVersions(rows), saves: sectionSaves(rows), upcomingEvents };
}

/**
 * What was typed, made safe to show again: a list (verses, timeline) that came back as anything
 * but a list of entries (a forged post) is dropped, so the form renders instead of failing.
 */
function listsAsLists(section: SettingsSection, result: SectionAnswer["result"]): SectionAnswer["result"] {
  const initial = result.initialValue;
  if (!initial) return result;
  for (const [key, field] of Object.entries(SECTION_SCHEMAS[section].shape)) {
    const list = field instanceof z.ZodDefault ? field.unwrap() instanceof z.ZodArray : field instanceof z.ZodArray;
    const value = initial[key];
    if (list && value !== undefined && !(Array.isArray(value) && value.every((entry) => entry == null || (typeof entry === "object" && !Array.isArray(entry))))) {
      delete initial[key];
    }
  }
  return result;
}

/**
 * A save refused because someone saved the section after this form was opened: who and when, and
 * that pressing the section's button again keeps this admin's version (with `keptInHistory`, the
 * page copy keeps theirs in History).
 */
export function staleSettingsMessage(section: SettingsSection, keptInHistory: boolean) {
  const { heading, submit } = SECTION_FORMS[section];
  return staleSaveMessage(`the “${heading}” section`, submit, { keptInHistory });
}

/** What pressing the button again would put back (replacedFieldsText), read as the section is now. */
async function differenceFromSaved(section: SettingsSection, yours: SettingsValues[SettingsSection]): Promise<string> {
  return replacedFieldsText(siteSettings(await storedSettings())[section] as Record<string, unknown>, yours as Record<string, unknown>);
}

function answer(
  section: SettingsSection,
  submission: Submission<unknown> | null,
  { withoutErrors, ...reason }: Parameters<typeof refusal>[1] & { withoutErrors?: boolean },
  status = 200,
  currentVersion?: number,
) {
  const { result: replied, toast } = refusal(submission, reason);
  const result = withoutErrors ? { ...replied, error: {} } : replied;
  return data<SectionAnswer>({ result: listsAsLists(section, result), section, ...(toast ? { toast } : {}), ...(currentVersion === undefined ? {} : { currentVersion }) }, { status });
}

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * Saves the section the form posted, when it is one of this page's `sections`; with `keepHistory`
 * (the page copy), the version a save replaces is kept, and a restore of one is a save too.
 */
export async function saveSettingsSection(
  { request, context }: ActionArgs,
  stored: ReturnType<typeof settingsPageData>,
  page: string,
  sections: readonly SettingsSection[],
  keepHistory = false,
) {
  const post = await readAdminPost(request, undefined, page);
  if ("refused" in post) return post.refused;
  const { formData } = post;
  const section = sections.find((key) => key === formData.get("section"));
  if (!section) return redirectWithToast(request, page, errorToast("Unknown settings section."));

  const version = Number(formData.get("version"));
  const schema =
    section === "conference"
      ? conferenceSchemaWithEvents(new Set(stored.upcomingEvents.map((event) => event.id)))
      : section === "contact"
        ? SECTION_SCHEMAS.contact.superRefine(refuseUncallablePhones("contact_phone", "more_phones"))
        : SECTION_SCHEMAS[section];
  let submission;
  try {
    submission = parseSubmission(formData, schema);
  } catch (error) {
    if (!(error instanceof BadRequest)) throw error;
    return answer(section, null, { formError: error.message, toast: errorToast(error.message) }, error.status);
  }
  // A list entry added, removed or moved without JavaScript: show the changed form, save nothing,
  // and no errors yet (the new entry is empty: nothing was typed or saved).
  if (submission.status === undefined) return answer(section, submission, { withoutErrors: true });
  if (submission.status !== "success") {
    return answer(section, submission, { toast: invalidFormToast(firstErrors(submission.reply())) }, 400);
  }
  if (!Number.isInteger(version) || version < 0) {
    return answer(section, submission, { formError: "The form could not be read. Please reload the page.", toast: errorToast("Please reload the page.") }, 400);
  }

  let value: SettingsValues[SettingsSection] = submission.value as SettingsValues[SettingsSection];
  // The map picture: the one the picture field posts (an upload, kept or replaced); removed, the bundled one.
  const oldMap = stored.settings.contact.map_image;
  if (section === "contact") {
    const image = await decideImage(formData, "site", oldMap);
    value = { ...(value as SettingsValues["contact"]), map_image: image.url ?? CONTACT_DEFAULTS.map_image };
  }

  const outcome = await saveSection(section, value, version, context.get(adminContext).email, keepHistory);
  if (!outcome.saved) {
    // What was typed stays, and the form now carries the version saved meanwhile: pressing the
    // button again is a deliberate choice to keep this version.
    const message = outcome.last ? `${staleSettingsMessage(section, keepHistory)(outcome.last)}${await differenceFromSaved(section, value)}` : "The form could not be saved. Please reload the page.";
    return answer(section, submission, { formError: message, toast: errorToast(message) }, 409, outcome.last?.version);
  }
  if (section === "contact" && (value as SettingsValues["contact"]).map_image !== oldMap) {
    // Only once nothing else shows it (a record may use the same picture).
    context.get(requestContext).waitUntil(releasePictures([oldMap]));
  }
  noteActivity(context, {
    action: post.intent === RESTORE_INTENT ? "Restored an earlier version of" : "Saved",
    target: `${page === "/admin/pages" ? "page copy" : "settings"}: ${section}`,
    summary: changedFields(stored.settings[section] as Record<string, unknown>, value as Record<string, unknown>),
  });
  const saved = { title: SECTION_FORMS[section].saved };
  return redirectWithToast(request, `${page}#${section}`, post.intent === RESTORE_INTENT ? { ...saved, description: RESTORED } : saved);
}
