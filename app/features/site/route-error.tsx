import { isRouteErrorResponse } from "react-router";
import type { Forbidden } from "~/features/accounts";
import { useRootData } from "~/lib/root-data";
import { NotFound } from "./not-found";

/**
 * What a visitor sees when a page fails: the 404 page, the admin's "no access" page (a refusal by
 * the admin guard, which React Router renders at the root's boundary), or a friendly message with a
 * reference.
 */
export function RouteError({ error }: { error: unknown }) {
  const rootData = useRootData();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 403 && (error.data as Forbidden | null)?.forbidden) return <NoAccess forbidden={error.data} />;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-4 py-16">
      <title>Something went wrong | Baptist Men Malawi</title>
      <h1 className="text-2xl font-bold text-stone-900">Something went wrong</h1>
      <p className="mt-3 text-stone-700">We could not load this page. Please try again in a moment.</p>
      {rootData?.requestId ? <p className="mt-2 text-sm text-stone-600">{`Reference: ${rootData.requestId}`}</p> : null}
      <p className="mt-6">
        <a href="/" className="font-semibold text-brand-700 underline">
          Go to the home page
        </a>
      </p>
    </div>
  );
}

/** A page this account's role cannot use (403): says so, and leads back to its own work. */
function NoAccess({ forbidden }: { forbidden: Forbidden }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col justify-center px-4 py-16">
      <title>No access | Admin</title>
      <h1 className="text-2xl font-bold text-stone-900">You can't use this page</h1>
      <p className="mt-3 text-stone-700">
        {`Your account is ${/^[aeiou]/i.test(forbidden.role) ? "an" : "a"} ${forbidden.role} account, which cannot open this page. If you need it, ask an Administrator.`}
      </p>
      <p className="mt-6">
        <a href={forbidden.home} className="font-semibold text-brand-700 underline">
          {forbidden.home === "/admin/check-in" ? "Go to check-in" : "Go to the dashboard"}
        </a>
      </p>
    </div>
  );
}
