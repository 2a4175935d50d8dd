import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { RouteError } from "~/components/route-error";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useRootData } from "~/lib/root-data";
import type { Route } from "./+types/layout";

function PublicShell({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  return (
    <>
      <SiteHeader signedIn={rootData?.signedIn ?? false} />
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <PublicShell>
      <RouteError error={error} />
    </PublicShell>
  );
}
