// The leadership member form (SPEC sections 2 and 5): full name and position required; a region
// only, and then required, for a regional position.
import { z } from "zod";
import type { Toast } from "~/lib/toast";
import { ALWAYS, checkbox, optionalEmail, optionalPhoneText, optionalText, requiredId, requiredText } from "../../lib/schema-fields";
import { staleSaveMessage } from "~/features/history";

/** Offered as suggestions in the region field; another name may still be typed. */
export const LEADERSHIP_REGIONS = ["Northern", "Central", "Southern", "Eastern"] as const;

export const FULL_NAME_REQUIRED = "Full name is required";
export const POSITION_REQUIRED = "Please choose a position";
export const REGION_REQUIRED = "Region is required for a regional position";
export const POSITION_UNKNOWN = "This position no longer exists. Please choose another one.";

/** What the form knows about a position: enough to label it and to tell whether it needs a region. */
export type PositionOption = { id: number; name: string; type: string };

/** The Title field's hint: it is shown before the name, so it is not typed into Full Name too. */
export const TITLE_HINT = "Shown before the name (\u201cRev. Yohane Kaunda\u201d): leave it out of Full Name.";

/** A leader's name as the site shows it: the title first, unless the name already starts with it ("Rev. Rev. …" never). */
export function titledName(title: string | null, fullName: string): string {
  const prefix = title?.trim() ?? "";
  if (!prefix || fullName.toLowerCase().startsWith(prefix.toLowerCase())) return fullName;
  return `${prefix} ${fullName}`;
}

/** The badge and select label of a position type: 'NEC' or 'Regional'; null for any other type. */
export function positionTypeLabel(type: string | null | undefined): "NEC" | "Regional" | null {
  return type === "nec" ? "NEC" : type === "regional" ? "Regional" : null;
}

export function isRegional(position: PositionOption | undefined): boolean {
  return position?.type === "regional";
}

/** The region a member keeps: only a regional position has one (SPEC section 2, Leadership form). */
export function regionFor(position: PositionOption | undefined, region: string | null): string | null {
  return isRegional(position) ? region : null;
}

/**
 * The leadership form's one schema, for the browser and the action alike. Whether a region is
 * required depends on the chosen position's type, which only the positions list knows: the
 * browser passes the list it shows, the action the rows it has just read. With null (the positions
 * could not be read) that check is skipped; the database still refuses an unknown position.
 */
export function leadershipSchema(positions: readonly PositionOption[] | null) {
  return z
    .object({
      full_name: requiredText(FULL_NAME_REQUIRED, 120),
      title: optionalText(40),
      position_id: requiredId({ required: POSITION_REQUIRED, invalid: POSITION_UNKNOWN }),
      region: optionalText(60),
      email: optionalEmail(),
      phone: optionalPhoneText(40),
      bio: optionalText(2000),
      active: checkbox(),
    })
    .superRefine((member, ctx) => {
      if (positions === null || typeof member.position_id !== "number") return;
      const position = positions.find((p) => p.id === member.position_id);
      if (!position) ctx.addIssue({ code: "custom", path: ["position_id"], message: POSITION_UNKNOWN });
      else if (isRegional(position) && !member.region) ctx.addIssue({ code: "custom", path: ["region"], message: REGION_REQUIRED });
    }, ALWAYS);
}

const REQUIRED_MESSAGES: readonly string[] = [FULL_NAME_REQUIRED, POSITION_REQUIRED, REGION_REQUIRED];

/**
 * The toast for a refused form: the spec's 'Validation Error: Please fill in all required fields'
 * when something required is missing; otherwise (a bad e-mail, an unknown position) what is wrong.
 */
export function leadershipInvalidToast(errors: Record<string, string>): Toast {
  const messages = Object.values(errors);
  const missing = messages.some((message) => REQUIRED_MESSAGES.includes(message));
  return {
    title: "Validation Error",
    description: missing ? "Please fill in all required fields" : (messages[0] ?? "Please check the form."),
    variant: "destructive",
  };
}

export const LEADERSHIP_MESSAGES = {
  stale: staleSaveMessage("this member", "Update Member", { keptInHistory: false }),
  created: { title: "Member Added" },
  updated: { title: "Member Updated" },
  createFailed: "Failed to save member",
  updateFailed: "Failed to save member",
  deleted: { title: "Member Deleted" },
  deleteFailed: "Failed to delete member",
  toggled: (active: boolean) => ({
    title: "Status Updated",
    description: active ? "The member is now shown on the Leadership page." : "The member is now hidden from the Leadership page.",
  }),
  toggleFailed: "Failed to update member status",
  loadFailed: "Failed to load member details",
  positionsFailed: "Failed to load positions",
  listFailed: "Failed to load leadership team members",
} as const;
