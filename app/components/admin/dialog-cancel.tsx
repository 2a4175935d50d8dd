// "Cancel" in an admin dialog opened by an address (?delete=, ?edit=): a link back to the page
// without it, so it works before JavaScript; with it, it asks the <dialog> element itself to close,
// as Escape does (its owner may keep it open: a form with changes asks first). Were React to drop
// its open attribute first, Chromium would leave the page inert behind an invisible modal; the
// dialog's close event does the rest.
import { Link } from "react-router";
import { buttonClass } from "../form-fields";
import { requestDialogClose } from "../dialog";

export function DialogCancel({ closeHref }: { closeHref: string }) {
  return (
    <Link
      to={closeHref}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        const dialog = event.currentTarget.closest("dialog");
        if (dialog) requestDialogClose(dialog);
      }}
      className={buttonClass.secondary}
    >
      Cancel
    </Link>
  );
}
