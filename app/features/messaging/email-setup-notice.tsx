// Shown on the admin's e-mail pages while this deploy cannot send e-mail (no EMAIL binding or no
// MAIL_FROM): what is missing, what happens meanwhile, and where the setup steps are.
import { Link } from "react-router";
import { AlertIcon } from "../../components/icons";
import { OUTBOX_EXPIRY_DAYS } from "~/lib/constants";
import { NOTICE_CLASS } from "~/lib/form-styles";

export function EmailSetupNotice({ missing }: { missing: readonly string[] }) {
  return (
    <div role="status" className={`mt-4 flex gap-3 ${NOTICE_CLASS}`}>
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div>
        <p className="font-semibold">E-mail is not set up</p>
        <p className="mt-1">
          {`This deploy is missing ${missing.join(" and ")}. The website works as usual; e-mails wait in the outbox and are given up after ${OUTBOX_EXPIRY_DAYS} days.`}
        </p>
        <Link to="/admin/outbox/setup" className="mt-2 inline-block font-semibold text-amber-900 underline">
          How to set up e-mail (docs/deploy.md)
        </Link>
      </div>
    </div>
  );
}
