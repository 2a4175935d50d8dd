// How a public form tells a bot from a person, in the browser's part: a honeypot field, and the bot
// check.
//
// The honeypot is a hidden field that people never see and bots fill in; every public form has it
// (app/components/form-fields.tsx) and the server refuses a post that fills it
// (app/server/forms.server.ts). It is kept apart from zod so every page can use it for free.
//
// The bot check is Cloudflare Turnstile (docs/decisions/027-turnstile.md): the marker
// of the forms it guards, and the one inline line that loads Turnstile's script only once a visitor
// starts filling one of them. The root layout puts the line in every page while the check is on
// (TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY set: app/server/abuse.server.ts), with the site
// key in its data-bot-check attribute; while it is off, pages carry neither the line nor a CSP
// opening for Turnstile, and the forms' marker does nothing.
//
// The line is plain JavaScript kept as text, allowed by its hash in the CSP like the service
// worker's registration (app/lib/service-worker.ts): a read-only page still needs no nonce and
// downloads no script file until a visitor focuses or types in a guarded form. Then it appends an
// empty box to that form, loads Turnstile's api.js (once per page) and renders the widget there
// (shown only when Turnstile wants the visitor to click); the widget puts its token in a hidden
// `cf-turnstile-response` input, which the form's plain post and the islands' JSON post both send.
// After each submit it asks for a fresh token, as a token counts once.

/** Name of the honeypot field (above). */
export const HONEYPOT_FIELD = "website";

/** Spread on each guarded form: `<form {...BOT_CHECK_FORM}>`. */
export const BOT_CHECK_FORM = { "data-bot-check": "" } as const;

/** Where Turnstile's widget script and frames come from (the CSP names it only while the check is on). */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/** The field Turnstile's widget puts its token in. */
export const TURNSTILE_FIELD = "cf-turnstile-response";

/** The inline loader (see above); `document.currentScript.dataset.botCheck` is the site key. */
export const BOT_CHECK_LOADER =
  `((k,p)=>{const g=e=>{const f=e.target.closest?.("form[data-bot-check]");if(!f||f.botCheck)return;f.botCheck=1;const b=document.createElement("div");f.append(b);` +
  `(p??=new Promise((y,n)=>{const s=document.createElement("script");s.src="${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit";s.onload=y;s.onerror=n;document.head.append(s)}))` +
  `.then(()=>{const w=turnstile.render(b,{sitekey:k,appearance:"interaction-only"});f.addEventListener("submit",()=>setTimeout(()=>turnstile.reset(w)))},()=>{})};` +
  `addEventListener("focusin",g);addEventListener("input",g)})(document.currentScript.dataset.botCheck)`;

/** The CSP source of BOT_CHECK_LOADER (tests/unit/bot-check.test.ts checks it). */
export const BOT_CHECK_LOADER_HASH = "'sha256-hStpsan7H+XI7TMZX+7jneW3YQ05Uw0Yk0i8cqlZuRY='";
