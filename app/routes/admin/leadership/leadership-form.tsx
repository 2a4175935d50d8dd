// /admin/leadership/new and /admin/leadership/edit/:id (SPEC section 2, Leadership form).
import { useId, useMemo, useState } from "react";
import { Form } from "react-router";
import { AdminFormPage, FormActions, RequiredLabel, SelectField, SwitchField, useAdminForm } from "~/components/admin/form-kit";
import { ImageField } from "~/features/images";
import { FormAlert, TextAreaField, TextField } from "~/components/form-fields";
import { useHydrated } from "~/components/use-client";
import { isRegional, LEADERSHIP_MESSAGES, LEADERSHIP_REGIONS, leadershipInvalidToast, leadershipSchema, type PositionOption, positionTypeLabel, TITLE_HINT } from "~/features/publishing";
import { adminTabHref } from "~/lib/admin-tabs";
import { PROFILE_IMAGE_HINT } from "~/lib/constants";
import { VersionField } from "~/features/history";
import type { Route } from "./+types/leadership-form";

export { action, loader } from "./leadership-form.server";

const LEADERSHIP_TAB = adminTabHref("leadership");

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.member ? "Edit Team Member" : "Add Team Member"} | Admin` },
];

function positionLabel(position: PositionOption) {
  const type = positionTypeLabel(position.type);
  return type ? `${position.name} (${type})` : position.name;
}


export default function LeadershipForm({ loaderData, actionData }: Route.ComponentProps) {
  const { member, positions } = loaderData;
  const editing = member !== null;
  const schema = useMemo(() => leadershipSchema(positions), [positions]);
  const { form, fields, formProps, pending, postedImageUrl } = useAdminForm({
    schema,
    actionData,
    defaultValue: member ?? { active: true },
    invalidToast: leadershipInvalidToast,
  });
  const [uploading, setUploading] = useState(false);
  const hydrated = useHydrated();
  const regionsId = useId();
  const [positionId, setPositionId] = useState(fields.position_id.initialValue ?? "");
  const [region, setRegion] = useState(fields.region.initialValue ?? "");

  const regional = isRegional(positions?.find((position) => String(position.id) === positionId));
  // Without JavaScript the field cannot follow the select, so it stays, and the server drops it
  // for a non-regional position.
  const showRegion = regional || !hydrated;

  function choosePosition(next: string) {
    setPositionId(next);
    if (!isRegional(positions?.find((position) => String(position.id) === next))) setRegion("");
  }

  return (
    <AdminFormPage title={editing ? "Edit Team Member" : "Add Team Member"} backTo={LEADERSHIP_TAB}>
      <Form method="post" encType="multipart/form-data" {...formProps} className="space-y-5">
        <FormAlert message={form.errors?.[0]} />
        {member ? <VersionField version={member.version} answer={actionData} /> : null}
        {positions === null ? <FormAlert message={LEADERSHIP_MESSAGES.positionsFailed} /> : null}
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField
            field={fields.full_name}
            label={<RequiredLabel>Full Name</RequiredLabel>}
            autoComplete="off"
            wrapperClassName="sm:col-span-2"
          />
          <TextField field={fields.title} label="Title" placeholder="e.g. Rev., Pastor, Mr." hint={TITLE_HINT} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            field={fields.position_id}
            label={<RequiredLabel>Position</RequiredLabel>}
            emptyOption="Select a position"
            options={(positions ?? []).map((position) => ({ value: String(position.id), label: positionLabel(position) }))}
            value={positionId}
            onChange={choosePosition}
          />
          {showRegion ? (
            <div>
              <TextField
                field={fields.region}
                label={regional ? <RequiredLabel>Region</RequiredLabel> : "Region"}
                required={regional}
                list={regionsId}
                autoComplete="off"
                placeholder="e.g. Northern"
                hint={hydrated ? undefined : "Only for regional positions"}
                value={region}
                onChange={(event) => setRegion(event.currentTarget.value)}
              />
              <datalist id={regionsId}>
                {LEADERSHIP_REGIONS.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </div>
          ) : null}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField field={fields.email} label="Email" type="email" inputMode="email" autoComplete="off" placeholder="name@example.mw" />
          <TextField field={fields.phone} label="Phone" type="tel" autoComplete="off" placeholder="e.g. +265 999 123 456" />
        </div>
        <TextAreaField field={fields.bio} label="Bio" rows={5} />
        <ImageField
          kind="profile"
          label="Profile Image"
          aspect="square"
          hint={PROFILE_IMAGE_HINT}
          defaultUrl={postedImageUrl ?? member?.image_url ?? null}
          onUploadingChange={setUploading}
        />
        <SwitchField field={fields.active} label="Active" hint="Active members are shown on the Leadership page" />
        <FormActions
          cancelTo={LEADERSHIP_TAB}
          submitLabel={editing ? "Update Member" : "Add Member"}
          pendingLabel={editing ? "Updating..." : "Adding..."}
          pending={pending}
          disabled={uploading}
        />
      </Form>
    </AdminFormPage>
  );
}
