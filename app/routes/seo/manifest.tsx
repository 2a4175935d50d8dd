// /manifest.webmanifest: lets a phone add the site to its home screen with our icon and colours,
// under the organisation's name as set in /admin/settings. /check-in.webmanifest does the same for
// the door: a volunteer adds check-in on its own and opens it from the home screen, offline too
// (docs/decisions/024-offline-door.md).
import { settingsPage } from "~/features/site/index.server";
import { siteSettings } from "~/features/settings/index.server";
import type { Route } from "./+types/manifest";

export async function loader({ request }: Route.LoaderArgs) {
  const { organisation } = siteSettings((await settingsPage("Web manifest")).settings);
  const door = new URL(request.url).pathname === "/check-in.webmanifest";
  const manifest = {
    id: door ? "/admin/check-in" : "/",
    name: door ? `Check-in: ${organisation.short_name}` : organisation.name,
    short_name: door ? "Check-in" : organisation.short_name,
    description: door ? "Check people in at the door, with or without a connection." : "Men of faith in Malawi: ministries, events, teaching and testimonies.",
    start_url: door ? "/admin/check-in" : "/",
    scope: door ? "/admin/" : "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#172f62",
    lang: "en",
    icons: [
      { src: "/media/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/media/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
