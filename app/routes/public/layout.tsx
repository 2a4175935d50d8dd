import type { ReactNode } from "react";
import { Outlet, useMatches } from "react-router";
import { RouteError, SiteFooter, SiteHeader } from "~/features/site";
import { useRootData } from "~/lib/root-data";
import { type SiteSettings, useSiteSettings } from "~/features/settings";
import type { Route } from "./+types/layout";

function PublicShell({ settings, children }: { settings: SiteSettings; children: ReactNode }) {
  const rootData = useRootData();
  // The /subscribe page shows the subscribe form itself: the footer's would be a second, empty one.
  const onSubscribePage = useMatches().some((match) => match.id === "routes/public/subscribe");
  return (
    <>
      <SiteHeader signedIn={rootData?.signedIn ?? false} shortName={settings.organisation.short_name} />
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      <SiteFooter settings={settings} withSubscribe={!onSubscribePage} />
    </>
  );
}

export default function PublicLayout() {
  return (
    <PublicShell settings={useSiteSettings()}>
      <Outlet />
    </PublicShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicShell settings={useSiteSettings()}>
      <RouteError error={error} />
    </PublicShell>
  );
}
