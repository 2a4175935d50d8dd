import { AlertIcon } from "./icons";

/** A page's data could not be loaded: the spec's message, inline, in place of the list. */
export function LoadError({ message }: { message: string }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 px-5 py-4 text-red-800">
      <AlertIcon className="mt-0.5 size-5 shrink-0" />
      <p className="font-medium">{message}</p>
    </div>
  );
}
