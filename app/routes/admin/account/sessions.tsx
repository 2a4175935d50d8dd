// /admin/account/sessions: where the signed-in account is signed in (device, last seen, place by
// address), with "Sign out" for each other session and for all of them at once. Administrators
// can also sign another account out everywhere (a lost phone, a volunteer who has left).
import { Form, useNavigation } from "react-router";
import { FormAlert, SubmitButton } from "~/components/form-fields";
import { adminContext, ROLE_LABELS, sessionIdContext } from "~/features/accounts";
import { formErrorOf } from "~/lib/form-answer";
import { formatInSiteZone } from "~/lib/time";
import { describeDevice, endAllSessions, endOtherSessions, endSession, listAdmins, logRefusal, noteActivity, openSessions } from "~/features/accounts/index.server";
import { intentOf, MAX_ADMIN_FORM_BYTES } from "~/server/admin-actions.server";
import { BadRequest, readFormOrBadRequest, refuse } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/sessions";

export const meta: Route.MetaFunction = () => [{ title: "Signed-in sessions | Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const me = context.get(adminContext);
  const current = context.get(sessionIdContext);
  const [sessions, accounts] = await Promise.all([openSessions(me.id), me.role === "admin" ? listAdmins() : Promise.resolve([])]);
  return {
    sessions: sessions.map((session) => ({
      id: session.id,
      current: session.id === current,
      device: describeDevice(session.user_agent),
      signedIn: formatInSiteZone(session.created_at, "MMM d, HH:mm"),
      lastSeen: formatInSiteZone(session.last_seen_at, "MMM d, HH:mm"),
      place: [session.place, session.address].filter(Boolean).join(" · ") || "Unknown place",
    })),
    others: accounts.filter((account) => account.id !== me.id).map((account) => ({ id: account.id, email: account.email, role: ROLE_LABELS[account.role] })),
  };
}

const problem = (message: string, status = 400) => refuse(null, { formError: message }, status);

export async function action({ request, context }: Route.ActionArgs) {
  const me = context.get(adminContext);
  const formData = await readFormOrBadRequest(request, MAX_ADMIN_FORM_BYTES);
  if (formData instanceof BadRequest) return problem("The form could not be read. Please try again.", formData.status);
  const intent = intentOf(formData);
  const current = context.get(sessionIdContext);
  switch (intent) {
    case "end-session": {
      const id = String(formData.get("session") ?? "");
      if (id === current) return problem("This is the session you are using. Use Log out to end it.");
      if (!(await endSession(me.id, id))) return problem("That session has already ended.", 409);
      noteActivity(context, { kind: "account", action: "Signed out a session", target: me.email });
      return redirectWithToast(request, "/admin/account/sessions", { title: "Signed out", description: "That device must sign in again." });
    }
    case "end-others": {
      const count = await endOtherSessions(me.id, current);
      noteActivity(context, { kind: "account", action: "Signed out other sessions", target: me.email, summary: `${count} ended` });
      return redirectWithToast(request, "/admin/account/sessions", { title: "Signed out", description: count === 1 ? "1 other session ended." : `${count} other sessions ended.` });
    }
    case "end-account": {
      if (me.role !== "admin") {
        await logRefusal(me.email, request, "end-account");
        return problem("Only Administrators can sign out another account.", 403);
      }
      const id = Number(formData.get("account"));
      if (!Number.isInteger(id) || id === me.id) return problem("Choose another account.");
      const email = await endAllSessions(id);
      if (!email) return problem("That account does not exist.", 404);
      noteActivity(context, { kind: "account", action: "Signed out everywhere", target: email });
      return redirectWithToast(request, "/admin/account/sessions", { title: "Signed out", description: `${email} is signed out on every device.` });
    }
    default:
      return problem("Unknown action.");
  }
}

const sectionClass = "rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6";

export default function Sessions({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const { sessions, others } = loaderData;
  const hasOthers = sessions.some((session) => !session.current);
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="text-2xl font-bold text-stone-900">Signed-in sessions</h1>
      <FormAlert message={formErrorOf(actionData?.result)} />
      <section aria-labelledby="mine-heading" className={sectionClass}>
        <h2 id="mine-heading" className="text-lg font-semibold text-stone-900">
          Where you are signed in
        </h2>
        <ul className="mt-3 divide-y divide-stone-200">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="font-medium text-stone-900">
                  {session.device}
                  {session.current ? <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-sm text-green-900">This device</span> : null}
                </p>
                <p className="text-sm text-stone-600">
                  Signed in {session.signedIn} · last seen {session.lastSeen} · {session.place}
                </p>
              </div>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="session" value={session.id} />
                  <button type="submit" name="intent" value="end-session" aria-label={`Sign out ${session.device}, signed in ${session.signedIn}`} className="rounded-md border border-red-300 px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
                    Sign out
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {hasOthers ? (
          <Form method="post" className="mt-4">
            <SubmitButton name="intent" value="end-others" pending={busy("end-others")} pendingLabel="Signing out..." variant="secondary">
              Sign out all other sessions
            </SubmitButton>
          </Form>
        ) : null}
      </section>

      {others.length > 0 ? (
        <section aria-labelledby="others-heading" className={sectionClass}>
          <h2 id="others-heading" className="text-lg font-semibold text-stone-900">
            Other accounts
          </h2>
          <p className="mt-1 text-sm text-stone-600">For a lost phone, or someone who no longer helps: they must sign in again everywhere.</p>
          <ul className="mt-3 divide-y divide-stone-200">
            {others.map((account) => (
              <li key={account.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <p className="min-w-0 truncate text-stone-900">
                  {account.email} <span className="text-sm text-stone-600">({account.role})</span>
                </p>
                <Form method="post">
                  <input type="hidden" name="account" value={account.id} />
                  <button type="submit" name="intent" value="end-account" aria-label={`Sign out everywhere: ${account.email}`} className="rounded-md border border-red-300 px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
                    Sign out everywhere
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
