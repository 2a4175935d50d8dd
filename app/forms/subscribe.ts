// The footer's subscribe form, on every public page.
import { z } from "zod";
import { emailAddress } from "./fields";

export const subscribeSchema = z.object({ email: emailAddress() });

export const SUBSCRIBE_MESSAGES = {
  success: "Thank you for subscribing! We will keep you posted on events and news.",
  rateLimited: "Too many attempts from your connection. Please wait a few minutes and try again.",
} as const;
