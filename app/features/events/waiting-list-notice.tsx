// The private page's heading for a place on the waiting list. Its own module, so its words stay out
// of the islands script, which reads the registration dialog's and the summary's.
import type { RegistrationView } from "./registration-view";
import { RegistrationSummary } from "./registration-summary";

/** How a man waiting hears that he has a place: by SMS (and e-mail where given); through his group's leader (on the leader's phone); by e-mail only (no SMS on this deploy, or his stopped); not at all (neither). */
export type WaitingNews = "sms" | "leader" | "email" | "sms-stopped" | "nothing";

const WHEN_SOMEONE_CANCELS = "What happens next: when someone cancels, the first person on the waiting list gets the place. When that is you,";
const NEXT = `${WHEN_SOMEONE_CANCELS} your private page (its link is below) says your place is confirmed`;
/** On his own page, where nothing else will tell him. */
const NEXT_HERE = `${WHEN_SOMEONE_CANCELS} this page says your place is confirmed.`;

/** Not 'Registration Complete', which stays for confirmed places. */
export const WAITING_LIST_TEXT = {
  heading: (place: number | null) => (place ? `You are number ${place} on the waiting list` : "You are on the waiting list"),
  explain: "The event is full, so you do not have a place yet.",
  // Also shown in the registration dialog, on the events list: "your private page", not "this page".
  next: {
    sms: `${NEXT}, and we tell you by SMS, and by e-mail if you gave your address.`,
    email: `${NEXT}, and we tell you by e-mail if you gave your address.`,
    /** A man on his group leader's phone: the leader hears it. */
    leader: `${NEXT}, and your group's leader hears it by SMS.`,
    /** His own page, once he stopped SMS and gave no e-mail address: nothing will tell him. */
    "sms-stopped": `${NEXT_HERE} You stopped SMS and gave no e-mail address, so nothing else will tell you: look at this page again.`,
    /** His own page, where no SMS can reach him and he gave no e-mail address. */
    nothing: `${NEXT_HERE} We cannot send you an SMS and you gave no e-mail address, so nothing else will tell you: keep this page's link and look at it again.`,
  } satisfies Record<WaitingNews, string>,
} as const;

/**
 * The private page of a person on the waiting list: headed for what it is (the number, and what
 * happens next, as he will hear it), not 'Registration Complete', which stays for confirmed places.
 */
export function WaitingListNotice({ view, place, news }: { view: RegistrationView | null; place: number | null; news: WaitingNews }) {
  return (
    <div role="status" className="rounded-lg border border-gold-300 bg-gold-100 p-4 text-stone-900">
      <p className="font-semibold">{WAITING_LIST_TEXT.heading(place)}</p>
      <p className="text-sm">{WAITING_LIST_TEXT.explain}</p>
      <p className="mt-2 text-sm">{WAITING_LIST_TEXT.next[news]}</p>
      <div className="mt-3 rounded-md bg-white p-3">
        {/* On his page the heading gives his number; in the dialog (filled in by the island) the summary does. */}
        <RegistrationSummary view={view} withStatus={view === null} />
      </div>
    </div>
  );
}
