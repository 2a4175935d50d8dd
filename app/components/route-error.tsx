import { isRouteErrorResponse } from "react-router";
import { useRootData } from "~/lib/root-data";
import { NotFound } from "./not-found";

/** What a visitor sees when a page fails: the 404 page, or a friendly message with a reference. */
export function RouteError({ error }: { error: unknown }) {
  const rootData = useRootData();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
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
