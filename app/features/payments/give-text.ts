// What /give and its thank-you page say (safe in the browser).
import { formatKwacha, MAX_AMOUNT } from "~/lib/money";
import { TOO_MANY_FOR_PHONE, TOO_MANY_FOR_PHONE_TODAY } from "./operators";

export const GIVE_TEXT = {
  title: "Give",
  /** Above a refused gift's problems. */
  notGivenYet: "Nothing was given yet. Please check:",
  intro: "Support the ministry's work with Airtel Money or TNM Mpamba. Your phone will ask you to approve the gift with your PIN.",
  /** While online giving is not set up: the intro promises no wallet. */
  introOffline: "Support the ministry's work.",
  presets: [5000, 10000, 20000],
  minimum: 500,
  amountLabel: "Amount (MK)",
  amountHint: `From ${formatKwacha(500)} to ${formatKwacha(MAX_AMOUNT)}, in whole kwacha.`,
  amountInvalid: `Please enter an amount in whole kwacha, at least ${formatKwacha(500)}`,
  amountTooMuch: `The most you can give at once is ${formatKwacha(MAX_AMOUNT)}`,
  /** "2500.50": a part of a kwacha, not too little. */
  amountNotWhole: "Please enter whole kwacha, without tambala (for example 2500)",
  fundLabel: "Fund",
  fundInvalid: "Please choose a fund",
  phoneLabel: "Mobile money number",
  operatorLegend: "Which wallet is this number? (we tell from 099/098 and 088/089 numbers)",
  phoneInvalid: "Please enter a Malawi mobile money number, for example 0991 234 567",
  operatorMissing: "Please choose Airtel Money or TNM Mpamba",
  nameLabel: "Your name (optional)",
  emailLabel: "Email (optional, for a receipt)",
  emailInvalid: "Please enter a valid email address, or leave it empty",
  anonymous: "Give anonymously",
  // Not the amount: without a script the label could not follow what is typed in the field.
  button: "Give",
  notSetUp: "Online giving is not available yet. Please contact the office to give.",
  tooMany: "Too many gifts have been started from your internet connection. Please wait 10 minutes and try again.",
  tooManyForPhone: TOO_MANY_FOR_PHONE,
  tooManyForPhoneToday: TOO_MANY_FOR_PHONE_TODAY,
  startFailed: "The payment could not be started. Please try again.",
  thanksTitle: "Thank you for your gift",
  pendingTitle: "Approve the gift on your phone",
  receipt: (receipt: string) => `Receipt number ${receipt}`,
  failed: "The payment did not go through. You can try again.",
  /** Under it: which gift, so the giver knows what "Try again" sends. Nothing was taken from his wallet. */
  notGiven: (amount: string, fund: string) => `Your gift of ${amount} to ${fund} was not taken from your wallet.`,
} as const;

/** The thank-you page's "Try again" (a gift that did not go through): the /give form filled in with it. */
export const TRY_AGAIN_INTENT = "try-again";
