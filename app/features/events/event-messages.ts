// The public events pages' own words (SPEC sections 2 Events and 8).
import { formatKwacha } from "~/lib/money";

export const EVENTS_MESSAGES = {
  fee: (amount: number) => `Fee: ${formatKwacha(amount)}`,
  /** How a fee is paid, by whether online payment is set up (`payOnline`). */
  feeHow: (payOnline: boolean) => (payOnline ? "You can pay it with Airtel Money or TNM Mpamba after registering." : "You pay it at the registration desk."),
  groupFeeHow: (payOnline: boolean) =>
    payOnline
      ? "After registering, every man's fee can be paid on his page with Airtel Money or TNM Mpamba, from his phone or yours (your group's page links to each man's), or at the registration desk."
      : "Every man's fee is paid at the registration desk.",
  heading: "Upcoming Events",
  empty: "No Upcoming Events",
  loadFailed: "Failed to load events. Please try again.",
  dateToBeAnnounced: "Date to be announced",
  locationToBeAnnounced: "Location to be announced",
  registrationClosed: "Registration Closed",
  registerNow: "Register Now",
  backToEvents: "Back to Events",
};
