// The settings feature's public module on the server: what routes, the Worker and other features may use
// of its server-only parts. What the browser may load too is in ./index.ts.
export { saveSettingsSection, type SectionAnswer, settingsPageData } from "./settings-actions.server";
export { pageHistory } from "./settings-saves.server";
export { settingsQuery, settingsSections, settingsSectionsQuery, siteSettings, type StoredSection, storedSettings } from "./settings.server";
