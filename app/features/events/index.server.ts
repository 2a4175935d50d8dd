// The events feature's public module on the server: what routes, the Worker and other features may use
// of its server-only parts. What the browser may load too is in ./index.ts.
export { addRegistration, cancelBurst, changeCheckIn, changeRegistration, type CheckInAnswer, editRegistration, readEventPost, registrationIdOf } from "./desk-actions.server";
export { NEXT_EVENT_CHANGES_SQL, activeEventByIdQuery, activeEventsQuery, type AdminEventRow, checkInEvents, checkInOf, checkInQueries, chosenConferenceEventQuery, closedToVolunteers, createEvent, deleteEvent, doorListPage, eventMoneyRecorded, type EventInput, eventFormPage, eventsForAdmin, type EventWithPlaces, getEvent, isPastForTheDoor, nextOpenEventQuery, recordRegistrationSummary, registrationDeskOf, registrationDeskQueries, registrationSummariesDue, upcomingEventOptionsQuery, updateEvent } from "./events.server";
export { type Person, toPerson } from "./people.server";
export { registrationAction, submitRegistration } from "./register.server";
export { linkAgainAction, linkChannels } from "./registration-link.server";
export { REGISTRATION_OUTBOX_KINDS, renderRegistrationOutbox } from "./registration-outbox.server";
export { cancelByToken, cancellationNotes, confirmedContacts, firstOnItsPhoneSql, doorCountsOf, movedUpEmailQuery, movedUpNote, owesFeeSql, payBySql, promoteQuery, type Registration, registrationByTokenQuery, type RegistrationEmail, registrationEmailQuery, type RegistrationFilter, registrationsAfter, registrationReceipts, registrationWithEventOf, restoreByToken, setSmsByToken, type UnpaidHolds } from "./registrations.server";
export { vCards } from "./vcard.server";
export { doorListPerson, registrationCsvRow, REGISTRATIONS_CSV_HEADER } from "./registration-exports.server";
export { answersOfTokenQuery, associationChoices, associationChoicesOf, questionsWithChoices, associationChoicesQuery, eventQuestionsQuery, questionsOf, associationOfRegistrations, saveEventQuestions } from "./event-questions.server";
export { registrationsCsvWithAnswers } from "./registration-answers-export.server";
export { groupAction, groupPageAction } from "./group-register.server";
export { correctOwnRegistration, logOwnCancellation, logOwnRestore, ownCorrectionStart } from "./link-correction.server";
export { groupByToken, groupByTokenQueries, groupOf } from "./group-registrations.server";
export { GROUP_LINK_KINDS, renderGroupLinkOutbox, renderGroupLinkSms } from "./group-link-outbox.server";
export { groupPageUrl } from "./group-link";
export { groupPageView } from "./group-view";
export { writeDueReminders } from "./event-reminders.server";
export { REGISTRATION_SMS_KINDS, renderRegistrationSms } from "./registration-sms-outbox.server";
export { BURST_OUTBOX_KINDS, burstTimeText, dismissBurst, type RecentBurst, recentBurstsQuery, renderBurstOutbox } from "./registration-bursts.server";
export { applyDoorActions, DOOR_ACTIONS_PER_SEND, doorActionId, doorList, readDoorActions } from "./door-sync.server";
export { type DoorCounts } from "./door-types";
export { registrationName } from "./registration-log-name.server";
