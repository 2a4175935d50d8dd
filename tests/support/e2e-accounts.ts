// Admin accounts for browser tests that sign out (a global sign-out) or otherwise end sessions: one
// per Playwright project, so parallel tests signed in as the demo admin keep their sessions.
export const E2E_ADMINS = {
  desktop: { email: "e2e-desktop@example.org", password: "e2e-desktop-password" },
  mobile: { email: "e2e-mobile@example.org", password: "e2e-mobile-password" },
} as const;

export function e2eAdminFor(projectName: string) {
  return projectName === "mobile" ? E2E_ADMINS.mobile : E2E_ADMINS.desktop;
}
