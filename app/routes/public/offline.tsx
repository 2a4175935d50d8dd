// /offline: where the service worker's "Saved {date}: you are offline" banner points. Offline, the
// service worker answers this address itself with the pages kept on this phone (workers/sw.js);
// online, this page says what the phone keeps and how to find it again. Not indexed.
import { LinkNotice } from "~/components/link-notice";
import { seoMeta } from "~/features/site";
import { publicPage, settingsPage } from "~/features/site/index.server";
import { scriptFreePage } from "~/lib/page-scripts";
import { loaderHeaders } from "~/lib/loader-headers";
import type { Route } from "./+types/offline";

export const handle = scriptFreePage;

export const headers = loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Offline pages",
    description: "The pages of this site you opened on your phone in the last 7 days still open without a signal.",
    path: "/offline",
    extra: [{ name: "robots", content: "noindex" }],
  });

export async function loader() {
  return publicPage(await settingsPage("Offline page"), () => ({}));
}

export default function OfflinePages() {
  return (
    <LinkNotice
      title="You are online"
      text="Pages you open on this site are kept on your phone for 7 days. When you have no signal they still open, marked with the day they were saved, and this address lists them."
    />
  );
}
