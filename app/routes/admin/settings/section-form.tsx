// What every settings section's form shares: its frame (a card with its heading, anchored by the
// section's key, and its 'Save …' button), the hidden section name and version, and the editor of
// its lists (verses, timeline entries...): add, remove and move up or down, which work without
// JavaScript too (the server answers with the changed list).
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { FormEvent, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useAdminForm } from "~/components/admin/form-kit";
import { FormAlert, ProblemSummary, problemsOf, SubmitButton } from "~/components/form-fields";
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from "~/components/icons";
import { formErrorOf, type FormAnswer } from "~/lib/form-answer";
import { SECTION_FORMS, SECTION_SCHEMAS, type SettingsSection } from "~/features/settings";
import type { SectionAnswer } from "~/features/settings/index.server";

/** A settings page's last answer: a section's (tagged), or a refusal of the whole post. */
export type PageAnswer = FormAnswer & { section?: SettingsSection };

type SectionFormOptions<K extends SettingsSection> = {
  section: K;
  /** The page's last answer, whichever section it was for. */
  actionData: PageAnswer | undefined;
  /** What the fields start from: the stored section, as the form posts it. */
  defaultValue: object;
  schema?: (typeof SECTION_SCHEMAS)[K];
};

/** A section's form on conform, answering only to its own refusals. */
export function useSectionForm<K extends SettingsSection>({ section, actionData, defaultValue, schema }: SectionFormOptions<K>) {
  const answer = actionData?.section === section ? (actionData as SectionAnswer) : undefined;
  const form = useAdminForm({ schema: schema ?? SECTION_SCHEMAS[section], actionData: answer, defaultValue: defaultValue as never });
  return { ...form, answer };
}

type FrameProps = {
  section: SettingsSection;
  /** The version the form was opened at (after a refusal, the one it was posted with; after a stale save, the one saved meanwhile). */
  version: number;
  answer: SectionAnswer | undefined;
  formProps: { id: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void; noValidate: boolean };
  intro?: ReactNode;
  /** For a form with a picture posted without JavaScript. */
  multipart?: boolean;
  children: ReactNode;
};

export function SectionFrame({ section, version, answer, formProps, intro, multipart, children }: FrameProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("section") === section;
  const posted = answer?.result.initialValue?.version;
  const { heading, submit } = SECTION_FORMS[section];
  // At the section's top, each a link to its field: a long section posted without JavaScript opens here, and the field may sit far below.
  const problems = problemsOf(answer?.result, (name) => `${formProps.id}-${name}`);
  return (
    <section id={section} aria-labelledby={`${section}-heading`} className="scroll-mt-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={`${section}-heading`} className="text-lg font-semibold text-stone-900">
        {heading}
      </h2>
      {intro ? <div className="mt-1 text-sm text-stone-600">{intro}</div> : null}
      {/* Posted to this page at this section: without JavaScript the answer (what is wrong, or a
          list's added entry) opens here, not at the top of a long page. */}
      <Form method="post" action={`#${section}`} encType={multipart ? "multipart/form-data" : undefined} {...formProps} className="mt-4 space-y-5">
        <input type="hidden" name="section" value={section} />
        <input type="hidden" name="version" value={answer?.currentVersion !== undefined ? String(answer.currentVersion) : typeof posted === "string" ? posted : String(version)} />
        <FormAlert message={formErrorOf(answer?.result)} />
        <ProblemSummary lead={problems.length === 1 ? "One thing to correct:" : `${problems.length} things to correct:`} problems={problems} />
        {children}
        <div className="border-t border-stone-200 pt-5">
          <SubmitButton pending={saving} pendingLabel="Saving..." className="w-full sm:w-auto">
            {submit}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

const listButtonClass =
  "inline-flex min-h-10 items-center gap-1.5 rounded-md border border-stone-300 px-3 text-sm font-medium text-stone-800 hover:bg-stone-50 disabled:opacity-40";

/** The fields of one list entry. */
type Fieldset<Item> = { [K in keyof Item]-?: FieldMetadata<Item[K]> };

type ListEditorProps<Item extends Record<string, unknown>> = {
  form: FormMetadata<Record<string, unknown>, string[]>;
  field: FieldMetadata<Item[] | undefined>;
  /** What one entry is called: 'verse', 'testimonial', 'entry'. */
  itemName: string;
  /** How an entry reads in its buttons' names, e.g. 'verse 2: Joshua 1:9'. */
  describe?: (index: number) => string;
  /** An empty entry, added by 'Add …'. */
  empty: Item;
  renderItem: (fields: Fieldset<Item>, index: number) => ReactNode;
};

/** A list of entries, each with Remove and Move up / Move down; 'Add …' at the end. */
export function ListEditor<Item extends Record<string, unknown>>({ form, field, itemName, describe, empty, renderItem }: ListEditorProps<Item>) {
  const items = field.getFieldList();
  const name = (index: number) => describe?.(index) ?? `${itemName} ${index + 1}`;
  return (
    <div className="space-y-4">
      {items.length === 0 ? <p className="rounded-lg border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600">{`No ${itemName}s.`}</p> : null}
      <ol className="space-y-4">
        {items.map((item, index) => (
          <li key={item.key} className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3 sm:p-4">
            <p id={`${field.id}-${item.key}-name`} className="text-sm font-semibold text-stone-700">{`${itemName[0]!.toUpperCase()}${itemName.slice(1)} ${index + 1}`}</p>
            {/* A group named for the item ("Verse 2"): a screen reader's list of fields tells its "Reference" from the others'. */}
            <div role="group" aria-labelledby={`${field.id}-${item.key}-name`} className="space-y-3">
              {renderItem((item as unknown as { getFieldset: () => Fieldset<Item> }).getFieldset(), index)}
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="submit" {...form.reorder.getButtonProps({ name: field.name, from: index, to: index - 1 })} disabled={index === 0} className={listButtonClass}>
                <ArrowUpIcon className="size-4" />
                Move up<span className="sr-only">{` ${name(index)}`}</span>
              </button>
              <button
                type="submit"
                {...form.reorder.getButtonProps({ name: field.name, from: index, to: index + 1 })}
                disabled={index === items.length - 1}
                className={listButtonClass}
              >
                <ArrowDownIcon className="size-4" />
                Move down<span className="sr-only">{` ${name(index)}`}</span>
              </button>
              <button type="submit" {...form.remove.getButtonProps({ name: field.name, index })} className={`${listButtonClass} text-red-700`}>
                <TrashIcon className="size-4" />
                Remove<span className="sr-only">{` ${name(index)}`}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      {field.errors?.[0] ? <p className="text-sm font-medium text-red-700">{field.errors[0]}</p> : null}
      <button type="submit" {...form.insert.getButtonProps({ name: field.name, defaultValue: empty as never })} className={listButtonClass}>
        <PlusIcon className="size-4" />
        {`Add ${itemName}`}
      </button>
    </div>
  );
}
