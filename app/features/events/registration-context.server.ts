// What registering for an event needs to know before it writes, read in one round trip for the
// public form and the group form alike: the event (whether staff hear of each registration), the
// settings (the events address, the limit per client address), the event's questions and the
// associations its Association question offers.
import { getDb } from "~/db/db.server";
import { settingsQuery, siteSettings } from "~/features/settings/index.server";
import { associationChoicesOf, associationChoicesQuery, eventQuestionsQuery, questionsOf } from "./event-questions.server";
import { eventForEmailsQuery } from "./events.server";

export async function registrationContext(eventId: number) {
  const db = getDb();
  const [settingsRows, events, questions, associations] = await db.batch([
    settingsQuery(db),
    eventForEmailsQuery(db, eventId),
    eventQuestionsQuery(db, eventId),
    associationChoicesQuery(db),
  ]);
  const settings = siteSettings(settingsRows);
  return {
    event: events[0],
    eventsAddress: settings.contact.events_email,
    perAddressPerHour: settings.registrations.registrations_per_address_per_hour,
    questions: questionsOf(questions),
    associations: associationChoicesOf(associations),
  };
}
