// The footer's subscribe form, on every public page.
import { z } from "zod";
import { emailAddress } from "../../lib/schema-fields";

export const subscribeSchema = z.object({ email: emailAddress() });

export const SUBSCRIBE_MESSAGES = {
  // Double opt-in: the same answer whether the address is new, waiting or already confirmed.
  successTitle: "Almost done",
  success: "Thank you! Check your inbox to confirm.",
  rateLimited: "Too many attempts from your connection. Please wait a few minutes and try again.",
} as const;
