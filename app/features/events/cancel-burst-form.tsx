// "Cancel a burst" on the registration desk (docs/decisions/026-registration-bursts.md): staff choose
// a window (From, To, Malawi time) and optionally one address group, Preview shows how many
// registrations that selects with a few names, and the second button cancels exactly those. Plain
// posts (./desk-actions.server.ts, cancelBurst): it works without JavaScript, keeps what was typed
// and says what is wrong beside the field.
import { Form } from "react-router";
import { NO_LEAVE_WARNING } from "~/components/admin/leave-guard";
import { buttonClass, FormAlert, inputClass, PlainField, type FieldState } from "~/components/form-fields";
import { FIELD_ERROR_CLASS } from "~/lib/form-styles";
import { addressGroupLabel, BURST_FIELDS as F } from "./registration-bursts";

/** What the desk's action answers for this form: what was typed, what is wrong, and the preview. */
export type BurstAnswer = {
  burst: {
    values: Record<string, string>;
    errors: Record<string, string> | null;
    preview: { count: number; names: string[]; groups: { group: string; n: number }[]; previewed: string } | null;
  };
};

type Props = { answer: BurstAnswer["burst"] | null; groups: { group: string; n: number }[] };

function NamesLine({ count, names }: { count: number; names: string[] }) {
  const more = count - names.length;
  return <p className="mt-1 text-sm text-stone-800">{`${names.join(", ")}${more > 0 ? ` and ${more} more` : ""}.`}</p>;
}

export function CancelBurstForm({ answer, groups }: Props) {
  const values = answer?.values ?? {};
  const errors = answer?.errors ?? {};
  const preview = answer?.preview ?? null;
  const state: FieldState = { value: (name) => values[name] ?? "", error: (name) => errors[name] };
  const chosen = values[F.group] ?? "";
  // A group named by the preview but not among the event's largest is still offered.
  const offered = chosen && !groups.some((g) => g.group === chosen) ? [...groups, { group: chosen, n: 0 }] : groups;
  const groupError = errors[F.group];
  return (
    <details open={answer ? true : undefined} className="rounded-lg border border-stone-200 bg-white">
      <summary className="disclosure-chevron cursor-pointer px-4 py-3 font-semibold text-stone-900">Cancel a burst</summary>
      {/* A time window chosen for a preview is nothing to lose: leaving never asks (leave-guard.tsx). */}
      <Form method="post" preventScrollReset {...NO_LEAVE_WARNING} className="space-y-4 border-t border-stone-200 p-4">
        <p className="text-sm text-stone-600">
          When a computer program, not people, floods the event with fake registrations in a few minutes. Choose when they came, and if you like the address
          group they came from, then Preview. Only registrations made on the website are cancelled, never people staff added. Those cancelled are not told; the first people on the waiting list
          move up into the places freed and are told, as when one registration is cancelled.
        </p>
        <FormAlert message={errors[""]} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <PlainField name={F.from} id="burst-from" label="From" type="datetime-local" state={state} hint="Malawi time. Registrations made in this minute are included." />
          <PlainField name={F.to} id="burst-to" label="To" type="datetime-local" state={state} hint="Malawi time. Registrations made in this minute are included too." />
        </div>
        <div>
          <label htmlFor="burst-group" className="mb-1.5 block text-sm font-medium text-stone-800">
            Address group
          </label>
          <select
            id="burst-group"
            name={F.group}
            defaultValue={chosen}
            aria-invalid={groupError ? true : undefined}
            aria-describedby={`burst-group-hint${groupError ? " burst-group-error" : ""}`}
            className={inputClass}
          >
            <option value="">Any address group</option>
            {offered.map((g) => (
              <option key={g.group} value={g.group}>
                {g.n ? addressGroupLabel(g.group, g.n) : `Group ${g.group}`}
              </option>
            ))}
          </select>
          <p id="burst-group-hint" className="mt-1.5 text-sm text-stone-600">
            Registrations sent from the same internet connection share a group (the website does not store internet addresses). Real people on one mobile network
            can share a group too: check the names in the preview.
          </p>
          {groupError ? (
            <p id="burst-group-error" className={FIELD_ERROR_CLASS}>
              {groupError}
            </p>
          ) : null}
        </div>
        {preview ? (
          <section aria-labelledby="burst-preview-heading" className="rounded-lg border border-red-200 bg-red-50 p-4">
            <h2 id="burst-preview-heading" className="font-semibold text-red-950">
              {`This selects ${preview.count} ${preview.count === 1 ? "registration" : "registrations"}`}
            </h2>
            <NamesLine count={preview.count} names={preview.names} />
            {preview.groups.length ? (
              <p className="mt-1 text-sm text-stone-700">{`By address group: ${preview.groups.map((g) => `${g.group} (${g.n})`).join(", ")}.`}</p>
            ) : null}
            <input type="hidden" name={F.expected} value={preview.count} />
            <input type="hidden" name="previewed" value={preview.previewed} />
          </section>
        ) : null}
        <div className="flex flex-col gap-3 sm:flex-row">
          <button type="submit" name="intent" value="burst-preview" className={buttonClass.secondary}>
            Preview
          </button>
          {preview ? (
            <button type="submit" name="intent" value="burst-cancel" className={buttonClass.danger}>
              {`Cancel these ${preview.count} ${preview.count === 1 ? "registration" : "registrations"}`}
            </button>
          ) : null}
        </div>
      </Form>
    </details>
  );
}
