// /manifest.webmanifest: lets a phone add the site to its home screen with our icon and colours,
// under the organisation's name as set in /admin/settings.
import { settingsPage } from "~/features/site/index.server";
import { siteSettings } from "~/features/settings/index.server";

export async function loader() {
  const { organisation } = siteSettings((await settingsPage("Web manifest")).settings);
  const manifest = {
    name: organisation.name,
    short_name: organisation.short_name,
    description: "Men of faith in Malawi: ministries, events, teaching and testimonies.",
    start_url: "/",
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
