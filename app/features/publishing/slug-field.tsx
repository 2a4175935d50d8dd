// The title and its URL slug, shared by the ministry and blog forms (SPEC section 4: the slug
// follows the title while auto-generate is on). While the switch is on the slug input is read-only
// and shows the slug made from the title; off, the admin types it. The server derives the slug the
// same way (formSlug), so a form posted without JavaScript saves the same slug.
import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { TextField } from "~/components/form-fields";
import { slugify } from "~/lib/slug";
import { SwitchField } from "../../components/admin/form-kit";

type Props = {
  /** The public address the slug ends, e.g. "/ministries/". */
  pathPrefix: string;
  /** The form's fields: they start from the values typed before a refused save, or the record. */
  title: FieldMetadata<string>;
  slug: FieldMetadata<string | undefined>;
  /** Whether auto-generate starts on (on for a new record, off when editing one). */
  auto: FieldMetadata<boolean | undefined>;
  /** The address the record has now (editing): a new one is said to keep old links working. */
  savedSlug?: string | null;
};

export function SlugField({ pathPrefix, title: titleField, slug: slugField, auto: autoField, savedSlug }: Props) {
  const initialTitle = titleField.initialValue ?? "";
  const initialAuto = autoField.initialValue === "on";
  const slugError = slugField.errors?.[0];
  // A slug refused while it follows a non-empty title (taken, or nothing left of the title) can
  // only be fixed by typing one: start with the switch off and the refused slug ready to edit.
  const refusedWhileAuto = (error: string | undefined, title: string) => Boolean(error) && title.trim() !== "";
  const [title, setTitle] = useState(initialTitle);
  const [auto, setAuto] = useState(initialAuto && !refusedWhileAuto(slugError, initialTitle));
  const [slug, setSlug] = useState(initialAuto ? slugify(initialTitle) : (slugField.initialValue ?? ""));
  const [lastSlugError, setLastSlugError] = useState(slugError);
  if (slugError !== lastSlugError) {
    setLastSlugError(slugError);
    if (auto && refusedWhileAuto(slugError, title)) setAuto(false);
  }

  function changeTitle(next: string) {
    setTitle(next);
    if (auto) setSlug(slugify(next));
  }

  function changeAuto(next: boolean) {
    setAuto(next);
    if (next) setSlug(slugify(title));
  }

  return (
    <>
      <TextField field={titleField} label="Title" value={title} onChange={(event) => changeTitle(event.currentTarget.value)} />
      <div className="space-y-3">
        <TextField
          field={slugField}
          label="Slug"
          required
          readOnly={auto}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={slug}
          onChange={(event) => setSlug(event.currentTarget.value)}
          hint={
            <>
              {auto ? "Made from the title. " : "Lower-case letters, numbers and hyphens. "}
              Web address:{" "}
              <span className="font-mono wrap-anywhere">
                {pathPrefix}
                <wbr />
                {slug || "…"}
              </span>
              {/* Links shared before lead on to the new address (app/features/site/pages.server.ts, movedTo). */}
              {savedSlug && slug && slug !== savedSlug ? (
                <span className="block">
                  Links already shared to{" "}
                  <span className="font-mono wrap-anywhere">
                    {pathPrefix}
                    {savedSlug}
                  </span>{" "}
                  will lead to the new address.
                </span>
              ) : null}
            </>
          }
          className="font-mono read-only:bg-stone-100 read-only:text-stone-700"
        />
        <SwitchField field={autoField} label="Auto-generate slug from title" hint="Turn off to type your own slug." checked={auto} onCheckedChange={changeAuto} />
      </div>
    </>
  );
}
