// /give/{token}: a gift's thank-you page. While the payment is under way it says to approve it on
// the phone and refreshes itself (a meta refresh: no JavaScript needed); once the provider's verify
// call confirms it, it thanks the giver with the receipt number. Private: no-store, noindex.
import { data } from "react-router";
import { buttonClass } from "~/components/form-fields";
import { GIVE_TEXT, PAY_TEXT, pendingRefreshSeconds, TRY_AGAIN_INTENT } from "~/features/payments";
import { tryAgainValues } from "~/features/payments/index.server";
import { simulatorOn } from "~/server/payments-setup.server";
import { siteSettings } from "~/features/settings/index.server";
import { giftThanksPage } from "~/features/site/index.server";
import { noindexMeta, NotFound } from "~/features/site";
import { formatKwacha } from "~/lib/money";
import { scriptFreePage } from "~/lib/page-scripts";
import { PRIVATE_PAGE_HEADERS, privateTokenOf } from "~/lib/private-link";
import type { Route } from "./+types/gift-thanks";

export const handle = scriptFreePage;

export async function loader({ params }: Route.LoaderArgs) {
  const token = privateTokenOf(params.token);
  const now = new Date();
  const page = await giftThanksPage(token, now);
  const settings = siteSettings(page.settings);
  const { gift, payment } = page.found ?? { gift: null, payment: null };
  // Unknown: the not-found page, in the site's frame as staff set it (as every page's).
  if (!gift) return data({ settings, gift: null }, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  const state = payment?.status === "paid" ? "paid" : payment?.status === "pending" ? "pending" : "failed";
  const simulatorHref =
    state === "pending" && payment ? `/api/payments/simulator/${encodeURIComponent(payment.reference)}?return=${encodeURIComponent(`/give/${token}`)}` : null;
  return data(
    {
      settings,
      gift: {
        state,
        amount: gift.amount,
        fund: gift.fund,
        receipt: gift.receipt_number,
        simulatorHref: simulatorOn() ? simulatorHref : null,
        // Did not go through: "Try again" fills the form in with this gift, fund and number and all.
        again: state === "failed" ? tryAgainValues(gift, payment?.operator ?? null) : null,
        refreshSeconds: state === "pending" && payment ? pendingRefreshSeconds(payment.created_at, now) : null,
      },
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...noindexMeta(GIVE_TEXT.thanksTitle),
  ...(loaderData?.gift?.refreshSeconds ? [{ httpEquiv: "refresh", content: String(loaderData.gift.refreshSeconds) } as const] : []),
];

export default function GiftThanks({ loaderData }: Route.ComponentProps) {
  if (!loaderData.gift) return <NotFound />;
  const { state, amount, fund, receipt, simulatorHref, again } = loaderData.gift;
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6" role="status">
      {state === "paid" ? (
        <>
          <h1 className="text-2xl font-bold text-stone-900">{GIVE_TEXT.thanksTitle}</h1>
          <p className="mt-3 text-stone-800">{`${formatKwacha(amount)} to ${fund}.`}</p>
          <p className="mt-2 text-lg font-semibold text-stone-900">{GIVE_TEXT.receipt(receipt)}</p>
        </>
      ) : state === "pending" ? (
        <>
          <h1 className="text-2xl font-bold text-stone-900">{GIVE_TEXT.pendingTitle}</h1>
          <p className="mt-3 text-stone-800">{`Your phone will ask you to approve ${formatKwacha(amount)} with your PIN. This page updates by itself.`}</p>
          {simulatorHref ? (
            <p className="mt-3">
              <a href={simulatorHref} className="font-semibold text-brand-700 underline">
                Open the payment simulator (local runs: it stands in for the phone)
              </a>
            </p>
          ) : null}
          {/* As on a registration's page: for a man who approved and does not want to wait for the page. */}
          <p className="mt-4">
            <a href="" className={buttonClass.secondary}>
              {PAY_TEXT.refresh}
            </a>
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-stone-900">{GIVE_TEXT.failed}</h1>
          <p className="mt-3 text-stone-800">{GIVE_TEXT.notGiven(formatKwacha(amount), fund)}</p>
          <form method="post" action="/give" className="mt-4">
            {Object.entries(again ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" name="intent" value={TRY_AGAIN_INTENT} className={buttonClass.primary}>
              Try again
            </button>
          </form>
        </>
      )}
    </div>
  );
}
