import type { ReactNode } from "react";
import { Outlet, useMatches } from "react-router";
import { RouteError, SiteFooter, SiteHeader } from "~/features/site";
import { useRootData } from "~/lib/root-data";
import { type SiteSettings, useSiteSettings } from "~/features/settings";
import type { Route } from "./+types/layout";

function PublicShell({ settings, children }: { settings: SiteSettings; children: ReactNode }) {
  const rootData = useRootData();
  // A page that shows the subscribe form itself (/subscribe): the footer's would be a second, empty one.
  const showsSubscribeForm = useMatches().some((match) => (match.handle as { showsSubscribeForm?: unknown } | undefined)?.showsSubscribeForm === true);
  return (
    <>
      <SiteHeader signedIn={rootData?.signedIn ?? false} shortName={settings.organisation.short_name} />
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      <SiteFooter settings={settings} withSubscribe={!showsSubscribeForm} />
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
