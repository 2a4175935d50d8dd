// The History of a post, a ministry or a page's copy as its form shows it (issue 15): the kept
// versions, and the one ?version= asks to view. Viewing a version fills the form with it; pressing
// Restore saves those fields like any save, so the version they replace is kept and can be
// restored in turn.
import type { KeptVersion } from "./history.server";
import { errorToast, parseId } from "../../server/admin-actions.server";
import { redirectWithToast } from "../../server/toast.server";

export const VERSION_GONE = "That version is no longer kept. Only the last 20 versions are.";

/** The version a form page's ?version= asks to view, or null. */
export function askedVersion(request: Request): number | null {
  return parseId(new URL(request.url).searchParams.get("version"));
}

/** A field's value as JSON holds it. */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A kept version as its form shows it: its fields, and when and by whom it was saved. */
export type ViewedVersion = { id: number; key: string; saved_at: string; saved_by: string | null; values: Record<string, Json> };

/**
 * The version a form page shows: null when none was asked for. A version that is not kept (any
 * more) sends the admin to `current` (the form without it) with a message, as does one that no
 * longer reads (checked by `read`, which answers the form's values).
 */
export async function viewedVersion(
  request: Request,
  asked: number | null,
  kept: KeptVersion | undefined,
  current: string,
  read: (data: unknown, key: string) => Record<string, Json> | null = (data) => (data && typeof data === "object" ? (data as Record<string, Json>) : null),
): Promise<ViewedVersion | null> {
  if (asked === null) return null;
  let values: Record<string, Json> | null = null;
  try {
    values = kept ? read(JSON.parse(kept.data), kept.record_key) : null;
  } catch (cause) {
    console.error("a kept version does not read", cause);
  }
  if (!kept || !values) throw await redirectWithToast(request, current, errorToast(VERSION_GONE));
  return { id: kept.id, key: kept.record_key, saved_at: kept.saved_at, saved_by: kept.saved_by, values };
}
