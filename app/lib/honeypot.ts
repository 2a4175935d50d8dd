/** Name of the hidden field that people never see and bots fill in (kept apart from zod so every page can use it for free). */
export const HONEYPOT_FIELD = "website";
