// Classes the islands put on elements in the browser. A page carries only the CSS rules of the
// classes in its HTML (app/server/page-styles.server.ts), so these rules are always included;
// tests/unit/island-classes.test.ts checks that the islands set no other class.
import { FIELD_ERROR_CLASS, FORM_ALERT_CLASS } from "~/lib/form-styles";

export const ISLAND_CLASSES: readonly string[] = ["hidden", "invisible", "opacity-0", "opacity-100", FIELD_ERROR_CLASS, FORM_ALERT_CLASS].flatMap((classes) =>
  classes.split(" "),
);
