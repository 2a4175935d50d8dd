// "Cancel" in an admin dialog opened by an address (?delete=, ?edit=): a link back to the page
// without it, so it works before JavaScript; with it, it closes the <dialog> element itself (were
// React to drop its open attribute first, Chromium would leave the page inert behind an invisible
// modal), and the dialog's close event does the rest.
import { Link } from "react-router";
import { buttonClass } from "../form-fields";

export function DialogCancel({ closeHref }: { closeHref: string }) {
  return (
    <Link
      to={closeHref}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        event.currentTarget.closest("dialog")?.close();
      }}
      className={buttonClass.secondary}
    >
      Cancel
    </Link>
  );
}
