// The settings feature's public module on the server: what routes, the Worker and other features may use
// of its server-only parts. What the browser may load too is in ./index.ts.
export { saveSettingsSection, type SectionAnswer, settingsPageData } from "./settings-actions.server";
export { pageHistory, settingsQuery, settingsSectionsQuery, type StoredSection, storedSettings } from "./settings-data.server";
export { settingsSections, siteSettings } from "./settings.server";
