// Delete with a confirmation dialog. The trigger is a link to the same page with ?delete=<id>, so
// without JavaScript the server renders the dialog open; with JavaScript it opens in place.
import { useRef, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { Dialog } from "../dialog";
import { DialogCancel } from "./dialog-cancel";
import { buttonClass } from "../form-fields";
import { TrashIcon } from "../icons";

type Props = {
  /** The route whose action deletes (it receives intent=delete). */
  action: string;
  /** This page's URL with ?delete=<id>, for the dialog without JavaScript. */
  openHref: string;
  /** Where Cancel goes without JavaScript. */
  closeHref: string;
  /** Whether the server rendered this dialog open (the URL asked for it). */
  initiallyOpen: boolean;
  title: string;
  description: string;
  /** Accessible name of the trigger, e.g. 'Delete Men's Retreat'. */
  triggerLabel: string;
  /**
   * A record its feature will not delete (an event with payments): the dialog says why
   * (`description`) and offers this way instead (e.g. editing it to hide it), with no Delete button.
   */
  instead?: { href: string; label: string };
  /** What the action needs beside intent=delete, when one action serves a whole list (the message's id). */
  hiddenFields?: Record<string, string>;
  /** The words of the trigger and of the button that does it, and the intent posted: "Remove" for a subscriber. */
  verb?: { label: string; pending: string; intent: string };
};

const DELETE = { label: "Delete", pending: "Deleting...", intent: "delete" };

export function ConfirmDelete({ action, openHref, closeHref, initiallyOpen, title, description, triggerLabel, instead, hiddenFields = {}, verb = DELETE }: Props) {
  const [open, setOpen] = useState(initiallyOpen);
  const trigger = useRef<HTMLAnchorElement>(null);
  const navigate = useNavigate();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <>
      <Link
        ref={trigger}
        to={openHref}
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        aria-label={triggerLabel}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-red-700 hover:bg-red-50"
      >
        <TrashIcon className="size-5" />
        {verb.label}
      </Link>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          // Opened by its address (?delete=, tapped before the page's script ran): closed, the address
          // drops it too, so a reload does not ask again.
          if (initiallyOpen) navigate(closeHref, { replace: true, preventScrollReset: true });
        }}
        opener={() => trigger.current}
        title={title}
        description={description}
        closeHref={closeHref}
      >
        <Form method="post" action={action} className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {Object.entries(hiddenFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <DialogCancel closeHref={closeHref} />
          {instead ? (
            <Link to={instead.href} className={buttonClass.primary}>
              {instead.label}
            </Link>
          ) : (
            <button type="submit" name="intent" value={verb.intent} disabled={deleting} className={buttonClass.danger}>
              {deleting ? verb.pending : verb.label}
            </button>
          )}
        </Form>
      </Dialog>
    </>
  );
}
