// Sign out is global (SPEC section 7): it invalidates every session of the admin, on every device.
import { redirect } from "react-router";
import { authenticateAdmin, clearSessionCookie, signOutEverywhere } from "~/features/accounts/index.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  const auth = await authenticateAdmin(request);
  try {
    if (auth) await signOutEverywhere(auth.admin, request);
  } catch (error) {
    console.error("Sign out failed:", error);
    return redirectWithToast(request, "/admin", {
      title: "Error",
      description: "Failed to log out. Please try again.",
      variant: "destructive",
    });
  }
  return redirectWithToast(
    request,
    "/auth",
    { title: "Logged out" },
    // Signing out also clears what this browser keeps for the site (the door list and queue in
    // IndexedDB, the service worker's copies): docs/decisions/024-offline-door.md.
    { headers: { "Set-Cookie": clearSessionCookie(request), "Clear-Site-Data": '"storage"' } },
  );
}
