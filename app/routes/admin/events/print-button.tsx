// 'Print' for the door list: the browser's print dialog, once the page's script runs; until then
// (or without JavaScript) the page says how to print from the browser's menu instead.
import { useSyncExternalStore } from "react";
import { buttonClass } from "~/components/form-fields";

const noSubscription = () => () => {};

export function PrintButton() {
  // True in the browser once React runs, false while rendered on the server.
  const scripted = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!scripted) return <p className="text-sm text-stone-600">Print this page from your browser's menu.</p>;
  return (
    <button type="button" onClick={() => window.print()} className={buttonClass.primary}>
      Print
    </button>
  );
}
