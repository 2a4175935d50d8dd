// Looks shared by the React pieces that speak to the reader (app/components/form-fields.tsx and
// the notices of many pages) and the islands script, which draws the same messages without React
// (app/islands/form.ts).
export const FIELD_ERROR_CLASS = "mt-1.5 text-sm font-medium text-red-700";
export const FORM_ALERT_CLASS = "rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800";
/** Something to know before going on (a setting missing, a question asked, what a change will do): amber, never an error. */
export const NOTICE_CLASS = "rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900";
