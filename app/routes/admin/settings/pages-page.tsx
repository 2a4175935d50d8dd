// /admin/pages: the editable copy of the About and Mission & Vision pages, one form each. Plain
// text, paragraphs by line break, like the rest of the site; the pages' headings, anchors and order
// stay as they are. Each page keeps its History (issue 15); ?version= fills its form with a kept
// version to restore.
import type { FieldMetadata } from "@conform-to/react";
import { RequiredLabel } from "~/components/admin/form-kit";
import { HistoryList, VersionBanner } from "~/features/history";
import { TextAreaField, TextField } from "~/components/form-fields";
import { SECTION_FORMS, SECTION_SCHEMAS, type SiteSettings } from "~/features/settings";
import { pageHistory, saveSettingsSection } from "~/features/settings/index.server";
import { settingsFormPage } from "~/features/site/index.server";
import { askedVersion, viewedVersion } from "~/features/history/index.server";
import type { Route } from "./+types/pages-page";
import { ListEditor, SectionFrame, useSectionForm, type PageAnswer } from "./section-form";

const SECTIONS = ["about", "mission"] as const;
type PageSection = (typeof SECTIONS)[number];

// A save refused because someone saved first reads the page again: the History lists their save.
export { readAgainAfterConflict as shouldRevalidate } from "~/lib/form-answer";

export const meta: Route.MetaFunction = () => [{ title: "Page copy | Admin" }];

/** A kept version of a page's copy as its form shows it, if it still reads as that page's copy. */
function readPageVersion(data: unknown, key: string) {
  const section = SECTIONS.find((name) => name === key);
  const parsed = section ? SECTION_SCHEMAS[section].safeParse(data) : null;
  return parsed?.success ? parsed.data : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const asked = askedVersion(request);
  const [{ settings, versions, saves }, { histories, version }] = await Promise.all([settingsFormPage(new Date()), pageHistory(SECTIONS, asked)]);
  const viewing = await viewedVersion(request, asked, version, "/admin/pages", readPageVersion);
  return { settings, versions, saves, histories, viewing };
}

export async function action(args: Route.ActionArgs) {
  return saveSettingsSection(args, await settingsFormPage(new Date()), "/admin/pages", SECTIONS, true);
}

type LoaderData = Route.ComponentProps["loaderData"];
type SectionProps = Omit<LoaderData, "settings" | "histories" | "saves"> & { settings: SiteSettings; actionData: PageAnswer | undefined };

/** What a page's form starts from: the version being viewed, or the copy as it is. */
function startingValues(section: PageSection, settings: SiteSettings, viewing: LoaderData["viewing"]): object {
  return viewing?.key === section ? viewing.values : settings[section];
}

/** The banner above a page's form filled with a kept version of it. */
function ViewingBanner({ section, viewing }: { section: PageSection; viewing: LoaderData["viewing"] }) {
  return viewing?.key === section ? <VersionBanner version={viewing} currentHref={`/admin/pages#${section}`} /> : null;
}
type TitledText = { title: string; text: string };

const PARAGRAPHS_HINT = "Each line becomes a paragraph.";

function AboutSection({ settings, versions, viewing, actionData }: SectionProps) {
  const { form, fields, formProps, answer } = useSectionForm({ section: "about", actionData, defaultValue: startingValues("about", settings, viewing) });
  return (
    <SectionFrame section="about" version={versions.about} answer={answer} formProps={formProps} intro={<a href="/about" className="underline">See the About page</a>}>
      <ViewingBanner section="about" viewing={viewing} />
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

function MissionSection({ settings, versions, viewing, actionData }: SectionProps) {
  const { form, fields, formProps, answer } = useSectionForm({ section: "mission", actionData, defaultValue: startingValues("mission", settings, viewing) });
  const anyForm = form as unknown as Parameters<typeof ListEditor>[0]["form"];
  const titledItem = (item: { title: FieldMetadata<string>; text: FieldMetadata<string> }) => (
    <>
      <TextField field={item.title} label="Title" />
      <TextAreaField field={item.text} label="Text" rows={3} />
    </>
  );
  return (
    <SectionFrame section="mission" version={versions.mission} answer={answer} formProps={formProps} intro={<a href="/mission" className="underline">See the Mission & Vision page</a>}>
      <ViewingBanner section="mission" viewing={viewing} />
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

/** A page's History, below its form. */
function PageHistory({ section, loaderData }: { section: PageSection; loaderData: LoaderData }) {
  const { histories, saves, viewing } = loaderData;
  return (
    <HistoryList
      id={`${section}-history`}
      of={`the ${SECTION_FORMS[section].heading}`}
      current={saves[section]}
      entries={histories[section] ?? []}
      viewHref={(version) => `/admin/pages?version=${version}#${section}`}
      viewing={viewing?.key === section ? viewing.id : null}
    />
  );
}

export default function PagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const props = { ...loaderData, actionData };
  // A new form for each version shown, so every field starts from that version.
  const formKey = (section: PageSection) => (loaderData.viewing?.key === section ? `version-${loaderData.viewing.id}` : "current");
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Page copy</h1>
        <p className="mt-1 text-sm text-stone-600">The texts of the About and Mission & Vision pages. Each page is saved on its own.</p>
        <p className="mt-1 text-sm text-stone-600">
          The home page&apos;s words (its verses and the conference card) and the contact details are in Settings, which an Administrator changes.
        </p>
      </div>
      <div>
        <AboutSection key={formKey("about")} {...props} />
        <PageHistory section="about" loaderData={loaderData} />
      </div>
      <div>
        <MissionSection key={formKey("mission")} {...props} />
        <PageHistory section="mission" loaderData={loaderData} />
      </div>
    </div>
  );
}
