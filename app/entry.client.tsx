// React Router's default client entry, and one step before it: what was typed before the script
// loaded is noted, to be put back once hydrated (app/lib/typed-before-hydration.ts).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { noteTypedBeforeHydration } from "~/lib/typed-before-hydration";

noteTypedBeforeHydration(document);
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
