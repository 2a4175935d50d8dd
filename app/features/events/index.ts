// The events feature's public module: what routes and other features may use of it, safe in the browser.
// Server-only parts are in ./index.server.ts.
export { AddToCalendar } from "./add-to-calendar";
export { deskRegistrationSchema } from "./desk-registration-form";
export { EventCard, EventImage } from "./event-card";
export { EventFacts, RegistrationClosedBadge, RegistrationNote } from "./event-facts";
export { capacityBelowConfirmedNotice, EVENT_CAPACITY_INVALID, EVENT_DATE_INVALID, EVENT_MESSAGES, eventSchema } from "./event-form";
export { EVENTS_MESSAGES } from "./event-messages";
export { type DatedEventSource, eventCalendarFile } from "./icalendar";
export { type SharedEvent, toSharedEvent } from "./public-event";
export { refusedEventId, RegisterNowLink, RegistrationArea, RegistrationComplete, RegistrationCompleteSlot, RegistrationDialog, registrationRequest } from "./registration-dialog";
export { REGISTRATION_NOTIFICATION_CHOICES, type RegistrationNotifications } from "./registration-notifications";
export { REGISTRATION_TOKEN_PATTERN, registrationOpen, registrationState } from "./registration-rules";
export { RegistrationSummary } from "./registration-summary";
export { eventWhenText, privatePageView, registrationPath, registrationView } from "./registration-view";
export { EventsList } from "./events-list";
export { DeskRegistrationForm } from "./desk-registration-fields";
export { WaitingListNotice } from "./waiting-list-notice";
export { DoorPanel } from "./door-panel";
