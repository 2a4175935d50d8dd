// The events feature's public module: what routes and other features may use of it, safe in the browser.
// Server-only parts are in ./index.server.ts.
export { AddToCalendar } from "./add-to-calendar";
export { deskRegistrationSchema } from "./desk-registration-form";
export { EventCard, EventImage } from "./event-card";
export { EventFacts, RegistrationClosedBadge, RegistrationNote } from "./event-facts";
export { capacityBelowConfirmedNotice, EVENT_CAPACITY_INVALID, EVENT_DATE_INVALID, EVENT_HOLD_INVALID, EVENT_MESSAGES, EVENT_PRICE_INVALID, eventSchema } from "./event-form";
export { EVENTS_MESSAGES } from "./event-messages";
export { type DatedEventSource, eventCalendarFile } from "./icalendar";
export { type SharedEvent, toSharedEvent } from "./public-event";
export { questionsPageFor, refusedEventId, RegisterNowLink, RegistrationArea, RegistrationComplete, RegistrationCompleteSlot, RegistrationDialog, registrationRequest } from "./registration-dialog";
export { REGISTRATION_NOTIFICATION_CHOICES, type RegistrationNotifications } from "./registration-notifications";
export { EVENT_REMINDER_CHOICES, type EventReminder } from "./event-reminders";
export { REGISTRATION_TOKEN_PATTERN, registrationOpen, registrationState } from "./registration-rules";
export { RegistrationSummary } from "./registration-summary";
export { eventWhenText, privatePageView, registrationPath, registrationView } from "./registration-view";
export { EventsList } from "./events-list";
export { DeskRegistrationForm } from "./desk-registration-fields";
export { WaitingListNotice } from "./waiting-list-notice";
export { EventQuestionsFieldset } from "./event-questions-fieldset";
export { type AssociationChoice, checkAnswers, type EventQuestion, type ShownAnswer, eventFieldsOf, eventFormSchema, QUESTION_MESSAGES, questionFormValues } from "./event-questions";
export { EventRegisterForm } from "./event-register-form";
export { fieldStateOf, QuestionInputs } from "./question-inputs";
export { AnswersList } from "./answers-list";
export { AssociationCounts } from "./association-counts";
export { GroupRegisterForm } from "./group-register-form";
export { GroupPage } from "./group-page";
export { DoorPanel } from "./door-panel";
export { addressGroupLabel, BURST_FIELDS, BURST_MESSAGES, BURST_RULES, burstSentence, usualRateText } from "./registration-bursts";
