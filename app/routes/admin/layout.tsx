import { useState } from "react";
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, type ShouldRevalidateFunction, useLocation, useNavigation, useSubmit } from "react-router";
import { FormSkeleton } from "~/components/admin/form-kit";
import { canSendAgain, LeaveGuard, NO_LEAVE_WARNING, SendAgain } from "~/components/admin/leave-guard";
import { LogOutIcon } from "~/components/icons";
import { LogoMark } from "~/components/logo";
import { RouteError } from "~/features/site";
import { readsOnlyTheDoor, waitingOnPhone } from "~/features/events";
import { signInPath } from "~/lib/sign-in-path";
import { adminAreaOf, adminContext, type AdminRole, canUse, homeOf, ROLE_LABELS, UNSAVED_FORM_PATH } from "~/features/accounts";
import { requireAdmin, unsavedFormWaits } from "~/features/accounts/index.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

// An unknown admin address is titled for what it shows (one <title>: the tab and a screen reader say it).
export const meta: Route.MetaFunction = ({ error }) => [
  { title: isRouteErrorResponse(error) && error.status === 404 ? "Page not found | Admin" : "Admin | Baptist Men Malawi" },
  { name: "robots", content: "noindex" },
];

/** A search on the door's check-in page reads only that page's data (readsOnlyTheDoor). */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => !readsOnlyTheDoor(args) && args.defaultShouldRevalidate;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { email, role } = context.get(adminContext);
  // A form of this account's kept after its session ended (read only when the browser's cookie says one waits).
  const unsaved = await unsavedFormWaits(request, email);
  return { email, role, unsaved };
}

/** On every admin page while a kept form waits (app/features/accounts/unsaved-forms.server.ts): the way back to it. */
function UnsavedNotice() {
  const { pathname } = useLocation();
  if (pathname === UNSAVED_FORM_PATH) return null;
  return (
    <p role="status" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900 print:hidden">
      {"Changes you sent while signed out are kept for you. "}
      <Link to={UNSAVED_FORM_PATH} className="underline">
        Open your unsaved changes
      </Link>
    </p>
  );
}

const ADMIN_LINKS = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/check-in", label: "Check-in", end: false },
  { to: "/admin/messages", label: "Messages", end: false },
  { to: "/admin/giving", label: "Giving", end: false },
  { to: "/admin/pages", label: "Page copy", end: false },
  { to: "/admin/settings", label: "Settings", end: false },
  { to: "/admin/subscribers", label: "Subscribers", end: false },
  { to: "/admin/newsletter", label: "Newsletter", end: false },
  { to: "/admin/outbox", label: "Outbox", end: false },
  { to: "/admin/activity", label: "Activity", end: false },
  { to: "/admin/account", label: "Account", end: false },
];

/** The navigation shows only what the role can use (the server checks it too: app/features/accounts/admin-guard.server.ts). */
const linksFor = (role: AdminRole) => ADMIN_LINKS.filter((link) => canUse(role, adminAreaOf(link.to)));

/**
 * Sign Out. Signing out clears what this browser keeps (Clear-Site-Data), check-ins the door has not
 * sent yet included; while some wait on this phone it asks first (SignOutWarning).
 */
function SignOutForm({ onWaiting }: { onWaiting: (waiting: number) => void }) {
  const submit = useSubmit();
  return (
    <Form
      method="post"
      action="/logout"
      {...NO_LEAVE_WARNING}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void waitingOnPhone()
          .catch(() => 0)
          .then((waiting) => (waiting ? onWaiting(waiting) : submit(form)));
      }}
    >
      <button type="submit" className="inline-flex items-center gap-1.5 rounded-md bg-stone-800 px-3 py-2 font-medium text-white hover:bg-stone-900">
        <LogOutIcon className="size-4" />
        Sign Out
      </button>
    </Form>
  );
}

/**
 * Check-ins waiting on this phone would be lost by signing out (docs/decisions/040-sign-out-and-the-door-queue.md):
 * the way to send them is to sign in again (which deletes nothing); deleting them takes a second, plain choice.
 */
function SignOutWarning({ waiting, onKeep }: { waiting: number; onKeep: () => void }) {
  const { pathname } = useLocation();
  const them = waiting === 1 ? "it" : "them";
  return (
    <div role="alert" className="mx-auto max-w-7xl border-t border-red-200 bg-red-50 px-4 py-3 text-sm text-red-950 sm:px-6">
      <p className="font-semibold">
        {waiting === 1 ? "1 check-in is" : `${waiting} check-ins are`} waiting on this phone to be sent. Signing out deletes {them}.
      </p>
      <p className="mt-1">
        To send {them}, stay signed in until the check-in page says {waiting === 1 ? "it was" : "they were"} sent; if this phone was signed out,{" "}
        <Link to={signInPath(pathname)} className="font-semibold underline">
          sign in again
        </Link>{" "}
        instead.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" onClick={onKeep} className="rounded-md bg-brand-700 px-3 py-2 font-semibold text-white">
          Keep {them} and stay
        </button>
        <Form method="post" action="/logout" {...NO_LEAVE_WARNING}>
          <button type="submit" className="rounded-md border border-red-700 px-3 py-2 font-semibold text-red-800">
            Sign out and delete {them}
          </button>
        </Form>
      </div>
    </div>
  );
}

function AdminHeader({ email, role }: { email: string; role: AdminRole }) {
  const [waiting, setWaiting] = useState(0);
  const home = canUse(role, "dashboard") ? "/admin" : "/admin/check-in";
  return (
    <header className="border-b border-stone-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Link to={home} className="flex items-center gap-2">
          <LogoMark className="size-8" />
          <span className="font-bold text-brand-900">Admin Dashboard</span>
        </Link>
        <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
          {/* Who is signed in, and as what: the e-mail may be cut on a phone, the role never is (with large text it goes under the e-mail). */}
          <span className="flex max-w-full min-w-0 flex-wrap items-baseline gap-1 text-stone-600" title={`${email} (${ROLE_LABELS[role]})`}>
            <span className="max-w-[14rem] truncate sm:max-w-none">{email}</span>
            <span className="shrink-0 text-stone-500">· {ROLE_LABELS[role]}</span>
          </span>
          <Link to="/" className="rounded-md border border-stone-300 px-3 py-2 font-medium text-stone-800 hover:bg-stone-50">
            View Website
          </Link>
          <SignOutForm onWaiting={setWaiting} />
        </div>
      </div>
      {waiting ? <SignOutWarning waiting={waiting} onKeep={() => setWaiting(0)} /> : null}
      {/* Wrapped, not scrolled sideways: on a phone every page's name shows, and a focused one is never off the screen. */}
      <nav aria-label="Admin" className="mx-auto max-w-7xl px-4 sm:px-6">
        <ul className="flex flex-wrap gap-x-4 text-sm">
          {linksFor(role).map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `block border-b-2 py-2 font-medium whitespace-nowrap ${isActive ? "border-brand-700 text-brand-800" : "border-transparent text-stone-600 hover:text-stone-900"}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loadingRecord =
    navigation.state === "loading" && !navigation.formMethod && /^\/admin\/[a-z]+\/edit\/\d+$/.test(navigation.location.pathname);
  return (
    <>
      <LeaveGuard />
      <AdminHeader email={loaderData.email} role={loaderData.role} />
      {loaderData.unsaved ? <UnsavedNotice /> : null}
      <main id="main" className="flex-1 bg-stone-50">
        {loadingRecord ? <FormSkeleton /> : <Outlet />}
      </main>
    </>
  );
}

/**
 * A page of the admin area that fails. Signed in, the admin header stays (the way back to the
 * rest is where it always is), and "not found" leads to this account's own start page, not to the
 * public site; a refusal by the guard (403) or a failure says so as anywhere else.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      {loaderData ? <AdminHeader email={loaderData.email} role={loaderData.role} /> : null}
      <main id="main" className="flex flex-1 flex-col bg-stone-50">
        {notFound && loaderData ? <AdminNotFound home={homeOf(loaderData.role)} /> : canSendAgain(error) ? <SendAgain /> : <RouteError error={error} />}
      </main>
    </>
  );
}

function AdminNotFound({ home }: { home: string }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-4 py-16">
      {/* The spec's words for any unknown address; the header above keeps "View Website" (/). */}
      <h1 className="text-2xl font-bold text-stone-900">Oops! Page not found</h1>
      <p className="mt-3 text-stone-700">This page does not exist, or what it showed has been deleted.</p>
      <p className="mt-6">
        <Link to={home} className="font-semibold text-brand-700 underline">
          {home === "/admin/check-in" ? "Go to check-in" : "Go to the dashboard"}
        </Link>
      </p>
    </div>
  );
}
