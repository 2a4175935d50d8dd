// The associations feature's public module on the server: what routes and other features may use of
// its server-only parts. What the browser may load too is in ./index.ts.
export {
  activeAssociationCountQuery,
  activeAssociationsQuery,
  AlreadyInDirectory,
  associationKeys,
  type AssociationInput,
  associationsForAdmin,
  createAssociation,
  deleteAssociation,
  getAssociation,
  importAssociations,
  regionsInUse,
  toggleAssociationActive,
  updateAssociation,
} from "./associations.server";
export { CSV_COLUMNS, CSV_MAX_BYTES, readAssociationsCsv } from "./association-csv.server";
export { directoryGroups, filterOf } from "./association-view.server";
export { associationServerSchema } from "./association-save.server";
