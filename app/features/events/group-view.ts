// What the leader's group page shows of the group (issue 25, part 4), from ./group-registrations.server.ts's rows.
import { EVENT_DATE_FORMAT } from "~/lib/constants";
import { formatInSiteZone } from "~/lib/time";
import { registrationPath } from "./registration-rules";

export type GroupPageView = {
  leaderName: string;
  event: { id: number; name: string; whenText: string | null; location: string | null };
  cancellable: boolean;
  members: { id: number; line: number; name: string; code: string; status: "confirmed" | "waitlisted" | "cancelled"; place: number | null; privateHref: string | null }[];
};

/** A man's status in words: "Confirmed", "Waiting list #2", "Cancelled". */
export function statusText(status: "confirmed" | "waitlisted" | "cancelled", place: number | null): string {
  if (status === "confirmed") return "Confirmed";
  if (status === "waitlisted") return place ? `Waiting list #${place}` : "Waiting list";
  return "Cancelled";
}

type Rows = {
  group: { leader_name: string; event_id: number; event_name: string; event_date: string | null; event_location: string | null };
  members: { id: number; full_name: string; has_phone: number; status: "confirmed" | "waitlisted" | "cancelled"; code: string; token: string; place: number | null }[];
};

export function groupPageView({ group, members }: Rows, now: Date): GroupPageView {
  return {
    leaderName: group.leader_name,
    event: { id: group.event_id, name: group.event_name, whenText: formatInSiteZone(group.event_date, EVENT_DATE_FORMAT), location: group.event_location },
    // As for one registration: until the event starts.
    cancellable: group.event_date === null || new Date(group.event_date) > now,
    members: members.map((man, index) => ({
      id: man.id,
      line: index + 1,
      name: man.full_name,
      code: man.code,
      status: man.status,
      place: man.place,
      privateHref: man.has_phone ? registrationPath(man.token) : null,
    })),
  };
}
