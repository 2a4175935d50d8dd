// /admin/pages: the editable copy of the About and Mission & Vision pages, one form each. Plain
// text, paragraphs by line break, like the rest of the site; the pages' headings, anchors and order
// stay as they are.
import type { FieldMetadata } from "@conform-to/react";
import { RequiredLabel } from "~/components/admin/form-kit";
import { TextAreaField, TextField } from "~/components/form-fields";
import type { SiteSettings } from "~/lib/settings";
import type { Route } from "./+types/pages-page";
import { ListEditor, SectionFrame, useSectionForm, type PageAnswer } from "./section-form";
import { saveSettingsSection, settingsPageData } from "./settings.server";

const SECTIONS = ["about", "mission"] as const;

export const meta: Route.MetaFunction = () => [{ title: "Page copy | Admin" }];

export async function loader() {
  const { settings, versions } = await settingsPageData();
  return { settings, versions };
}

export function action(args: Route.ActionArgs) {
  return saveSettingsSection(args, "/admin/pages", SECTIONS);
}

type Versions = Route.ComponentProps["loaderData"]["versions"];
type SectionProps = { settings: SiteSettings; versions: Versions; actionData: PageAnswer | undefined };
type TitledText = { title: string; text: string };

const PARAGRAPHS_HINT = "Each line becomes a paragraph.";

function AboutSection({ settings, versions, actionData }: SectionProps) {
  const { form, fields, formProps, answer } = useSectionForm({ section: "about", actionData, defaultValue: settings.about });
  return (
    <SectionFrame section="about" version={versions.about} answer={answer} formProps={formProps} intro={<a href="/about" className="underline">See the About page</a>}>
      <TextAreaField field={fields.intro} label={<RequiredLabel>Introduction</RequiredLabel>} rows={3} />
      <TextAreaField field={fields.mission_summary} label={<RequiredLabel>Our Mission (summary)</RequiredLabel>} rows={6} hint={PARAGRAPHS_HINT} />
      <fieldset className="space-y-3">
        <legend className="font-semibold text-stone-900">Our History (timeline)</legend>
        <ListEditor
          form={form as unknown as Parameters<typeof ListEditor>[0]["form"]}
          field={fields.history as FieldMetadata<{ period: string; title: string; text: string }[] | undefined>}
          itemName="entry"
          empty={{ period: "", title: "", text: "" }}
          renderItem={(entry) => (
            <>
              <div className="grid gap-3 sm:grid-cols-3">
                <TextField field={entry.period} label="Period" placeholder="e.g. 1990s" />
                <TextField field={entry.title} label="Title" wrapperClassName="sm:col-span-2" />
              </div>
              <TextAreaField field={entry.text} label="Text" rows={4} />
            </>
          )}
        />
      </fieldset>
    </SectionFrame>
  );
}

function MissionSection({ settings, versions, actionData }: SectionProps) {
  const { form, fields, formProps, answer } = useSectionForm({ section: "mission", actionData, defaultValue: settings.mission });
  const anyForm = form as unknown as Parameters<typeof ListEditor>[0]["form"];
  const titledItem = (item: { title: FieldMetadata<string>; text: FieldMetadata<string> }) => (
    <>
      <TextField field={item.title} label="Title" />
      <TextAreaField field={item.text} label="Text" rows={3} />
    </>
  );
  return (
    <SectionFrame section="mission" version={versions.mission} answer={answer} formProps={formProps} intro={<a href="/mission" className="underline">See the Mission & Vision page</a>}>
      <TextAreaField field={fields.statement} label={<RequiredLabel>Our Mission (statement)</RequiredLabel>} rows={3} />
      <TextAreaField field={fields.purpose} label={<RequiredLabel>Our Purpose</RequiredLabel>} rows={6} hint={PARAGRAPHS_HINT} />
      <TextAreaField field={fields.vision} label={<RequiredLabel>Our Vision</RequiredLabel>} rows={3} />
      <fieldset className="space-y-3">
        <legend className="font-semibold text-stone-900">Our Core Values</legend>
        <ListEditor
          form={anyForm}
          field={fields.core_values as FieldMetadata<TitledText[] | undefined>}
          itemName="value"
          empty={{ title: "", text: "" }}
          renderItem={titledItem}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="font-semibold text-stone-900">Strategic Focus Areas</legend>
        <ListEditor
          form={anyForm}
          field={fields.focus_areas as FieldMetadata<TitledText[] | undefined>}
          itemName="focus area"
          empty={{ title: "", text: "" }}
          renderItem={titledItem}
        />
      </fieldset>
    </SectionFrame>
  );
}

export default function PagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const props = { ...loaderData, actionData };
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Page copy</h1>
        <p className="mt-1 text-sm text-stone-600">The texts of the About and Mission & Vision pages. Each page is saved on its own.</p>
      </div>
      <AboutSection {...props} />
      <MissionSection {...props} />
    </div>
  );
}
