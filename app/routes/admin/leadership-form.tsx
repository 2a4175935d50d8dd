// /admin/leadership/new and /admin/leadership/edit/:id (SPEC section 2, Leadership form).
import { useId, useMemo, useState } from "react";
import { Form } from "react-router";
import { AdminFormPage, FormActions, RequiredLabel, SelectField, SwitchField, useAdminForm } from "~/components/admin/form-kit";
import { ImageField } from "~/components/admin/image-field";
import { FormAlert, TextAreaField, TextField } from "~/components/form-fields";
import { useHydrated } from "~/components/use-client";
import { adminTabHref } from "~/lib/admin-tabs";
import { PROFILE_IMAGE_HINT } from "~/lib/constants";
import {
  isRegional,
  LEADERSHIP_REGIONS,
  leadershipInvalidToast,
  leadershipSchema,
  positionTypeLabel,
  regionFor,
  type PositionOption,
} from "~/lib/schemas/leadership";
import {
  createMember,
  deleteMember,
  getMember,
  memberAndPositions,
  positionsByRankQuery,
  toggleMemberActive,
  updateMember,
  type LeadershipMemberInput,
} from "~/models/leadership.server";
import { entityAction, loadForEdit } from "~/server/admin-entity.server";
import { getDb, type Db } from "~/server/db.server";
import type { Route } from "./+types/leadership-form";

const LEADERSHIP_TAB = adminTabHref("leadership");
const SAVE_FAILED = "Failed to save member";
const POSITIONS_FAILED = "Failed to load positions";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.member ? "Edit Team Member" : "Add Team Member"} | Admin` },
];

const toOption = ({ id, name, type }: PositionOption): PositionOption => ({ id, name, type });

/** The positions by rank, or null when they cannot be read (the form says so). */
async function positionsOrNull(db: Db): Promise<PositionOption[] | null> {
  try {
    return (await positionsByRankQuery(db)).map(toOption);
  } catch (cause) {
    console.error("positions load failed", cause);
    return null;
  }
}

/** The member and the positions in one round trip; undefined when there is no such member. */
async function memberFormData(db: Db, id: number) {
  try {
    const { member, positions } = await memberAndPositions(db, id);
    return member && { member, positions: positions.map(toOption) as PositionOption[] | null };
  } catch (cause) {
    // D1 fails a batch as a whole: read the member alone, so the form still opens without its positions.
    console.error("member form load failed", cause);
    const member = await getMember(db, id);
    return member && { member, positions: null };
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const loaded = await loadForEdit(request, params.id, (id) => memberFormData(db, id), {
    path: "/admin",
    message: "Failed to load member details",
  });
  return loaded ?? { member: null, positions: await positionsOrNull(db) };
}

export async function action(args: Route.ActionArgs) {
  const db = getDb();
  // The region rule needs each position's type, and a posted position must exist: read them first.
  const positions = await positionsOrNull(db);
  const positionOf = (id: number) => positions?.find((position) => position.id === id);
  return entityAction(
    {
      tab: "leadership",
      schema: leadershipSchema(positions),
      imageKind: "profile",
      toInput: (data, image_url): LeadershipMemberInput => ({
        ...data,
        // Without JavaScript the region field is always shown: drop it for a non-regional position.
        region: positions ? regionFor(positionOf(data.position_id), data.region) : data.region,
        image_url,
      }),
      messages: {
        created: { title: "Member Added" },
        updated: { title: "Member Updated" },
        createFailed: SAVE_FAILED,
        updateFailed: SAVE_FAILED,
        invalid: leadershipInvalidToast,
        deleted: { title: "Member Deleted" },
        deleteFailed: "Failed to delete member",
        toggled: (active) => ({
          title: "Status Updated",
          description: active ? "The member is now shown on the Leadership page." : "The member is now hidden from the Leadership page.",
        }),
        toggleFailed: "Failed to update member status",
      },
      model: {
        imageOf: (id) => getMember(db, id),
        create: (input) => createMember(db, input),
        update: (id, input) => updateMember(db, id, input),
        remove: (id) => deleteMember(db, id),
        toggleActive: (id) => toggleMemberActive(db, id),
      },
    },
    args,
  );
}

function positionLabel(position: PositionOption) {
  const type = positionTypeLabel(position.type);
  return type ? `${position.name} (${type})` : position.name;
}

type TextName = "full_name" | "title" | "email" | "phone" | "bio";

export default function LeadershipForm({ loaderData, actionData }: Route.ComponentProps) {
  const { member, positions } = loaderData;
  const editing = member !== null;
  const schema = useMemo(() => leadershipSchema(positions), [positions]);
  const { errors, onSubmit, pending, values } = useAdminForm(schema, actionData, leadershipInvalidToast);
  const [uploading, setUploading] = useState(false);
  const hydrated = useHydrated();
  const regionsId = useId();
  const [positionId, setPositionId] = useState(values?.position_id ?? (member?.position_id ? String(member.position_id) : ""));
  const [region, setRegion] = useState(values?.region ?? member?.region ?? "");
  const value = (name: TextName) => values?.[name] ?? member?.[name] ?? "";

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
      <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} noValidate className="space-y-5">
        {positions === null ? <FormAlert message={POSITIONS_FAILED} /> : null}
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField
            label={<RequiredLabel>Full Name</RequiredLabel>}
            name="full_name"
            required
            maxLength={120}
            autoComplete="off"
            defaultValue={value("full_name")}
            error={errors.full_name}
            wrapperClassName="sm:col-span-2"
          />
          <TextField label="Title" name="title" maxLength={40} placeholder="e.g. Rev., Pastor, Mr." defaultValue={value("title")} error={errors.title} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label={<RequiredLabel>Position</RequiredLabel>}
            name="position_id"
            required
            emptyOption="Select a position"
            options={(positions ?? []).map((position) => ({ value: String(position.id), label: positionLabel(position) }))}
            value={positionId}
            onChange={choosePosition}
            error={errors.position_id}
          />
          {showRegion ? (
            <div>
              <TextField
                label={regional ? <RequiredLabel>Region</RequiredLabel> : "Region"}
                name="region"
                required={regional}
                maxLength={60}
                list={regionsId}
                autoComplete="off"
                placeholder="e.g. Northern"
                hint={hydrated ? undefined : "Only for regional positions"}
                value={region}
                onChange={(event) => setRegion(event.currentTarget.value)}
                error={errors.region}
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
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={254}
            placeholder="name@example.mw"
            defaultValue={value("email")}
            error={errors.email}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="off"
            maxLength={40}
            placeholder="e.g. +265 999 123 456"
            defaultValue={value("phone")}
            error={errors.phone}
          />
        </div>
        <TextAreaField label="Bio" name="bio" rows={5} maxLength={2000} defaultValue={value("bio")} error={errors.bio} />
        <ImageField
          kind="profile"
          label="Profile Image"
          aspect="square"
          hint={PROFILE_IMAGE_HINT}
          defaultUrl={values?.image_url ?? member?.image_url ?? null}
          onUploadingChange={setUploading}
        />
        <SwitchField
          name="active"
          label="Active"
          hint="Active members are shown on the Leadership page"
          defaultChecked={values ? values.active === "on" : (member?.active ?? true)}
        />
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
