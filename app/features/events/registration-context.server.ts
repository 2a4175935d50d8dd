// What registering for an event needs to know before it writes, read in one round trip for the
// public form and the group form alike: the event (whether staff hear of each registration), the
// two settings sections it uses (the events address, the limit per client address: not the whole
// site's settings), the event's questions and the associations its Association question offers.
import { eq } from "drizzle-orm";
import { churchevents } from "~/db/schema";
import { getDb, type Db } from "~/db/db.server";
import { settingsSections, settingsSectionsQuery } from "~/features/settings/index.server";
import { associationChoicesOf, associationChoicesQuery, eventQuestionsQuery, questionsOf } from "./event-questions.server";

const SECTIONS = ["contact", "registrations"] as const;

/** The event as a registration's messages need it: whether staff hear of each one. */
function registeringEventQuery(db: Db, id: number) {
  return db
    .select({ id: churchevents.id, registration_notifications: churchevents.registration_notifications })
    .from(churchevents)
    .where(eq(churchevents.id, id));
}

export async function registrationContext(eventId: number) {
  const db = getDb();
  const [sections, events, questions, associations] = await db.batch([
    settingsSectionsQuery(db, SECTIONS),
    registeringEventQuery(db, eventId),
    eventQuestionsQuery(db, eventId),
    associationChoicesQuery(db),
  ]);
  const settings = settingsSections(sections, SECTIONS);
  return {
    event: events[0],
    eventsAddress: settings.contact.events_email,
    perAddressPerHour: settings.registrations.registrations_per_address_per_hour,
    questions: questionsOf(questions),
    associations: associationChoicesOf(associations),
  };
}
