// Where a form kept after its session ended waits for its admin (app/features/accounts/unsaved-forms.server.ts):
// signing in leads there, and every admin page links to it while one waits.
export const UNSAVED_FORM_PATH = "/admin/account/unsaved";
