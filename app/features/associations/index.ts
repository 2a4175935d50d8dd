// The associations feature's public module (issue 25): what routes and other features may use of it,
// safe in the browser. Server-only parts are in ./index.server.ts.
export { ASSOCIATION_LIMITS, ASSOCIATION_MESSAGES, ASSOCIATION_REGIONS, associationSchema } from "./association-form";
export { AssociationsDirectory, DIRECTORY_TEXT, type RegionGroup } from "./associations-directory";
export { AssociationsList } from "./associations-list";
