// Admin accounts for browser tests that sign out (a global sign-out) or otherwise end sessions: one
// per Playwright project, so parallel tests signed in as the demo admin keep their sessions.
export const E2E_ADMINS = {
  desktop: { email: "e2e-desktop@example.org", password: "e2e-desktop-password" },
  mobile: { email: "e2e-mobile@example.org", password: "e2e-mobile-password" },
  // Two-step sign-in is turned on for these by tests/e2e/two-step.spec.ts.
  twoStepDesktop: { email: "e2e-two-step-desktop@example.org", password: "e2e-two-step-desktop-password" },
  twoStepMobile: { email: "e2e-two-step-mobile@example.org", password: "e2e-two-step-mobile-password" },
} as const;

export function e2eAdminFor(projectName: string) {
  return projectName === "mobile" ? E2E_ADMINS.mobile : E2E_ADMINS.desktop;
}

export function e2eTwoStepAdminFor(projectName: string) {
  return projectName === "mobile" ? E2E_ADMINS.twoStepMobile : E2E_ADMINS.twoStepDesktop;
}
