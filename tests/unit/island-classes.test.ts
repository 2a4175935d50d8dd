// A page carries only the CSS rules of the classes in its HTML (app/server/page-styles.server.ts),
// plus ISLAND_CLASSES: the classes the islands put on elements in the browser. An island that set
// a class missing from that list would find it unstyled.
import { describe, expect, it } from "vitest";
import { ISLAND_CLASSES } from "~/islands/classes";
import { FIELD_ERROR_CLASS, FORM_ALERT_CLASS } from "~/lib/form-styles";

const islands = import.meta.glob<string>("../../app/islands/*.ts", { query: "?raw", import: "default", eager: true });

describe("ISLAND_CLASSES", () => {
  it("names every class an island adds, toggles or sets", () => {
    const set: string[] = [];
    for (const source of Object.values(islands)) {
      for (const [, args] of source.matchAll(/classList\.(?:add|toggle|replace)\(([^)]*)\)/g)) {
        for (const [, name] of args!.matchAll(/["'`]([^"'`]+)["'`]/g)) set.push(...name!.split(/\s+/));
      }
      for (const [, value] of source.matchAll(/className\s*=\s*([^;\n]+)/g)) {
        const constants: Record<string, string> = { FIELD_ERROR_CLASS, FORM_ALERT_CLASS };
        const classes = constants[value!.trim()] ?? /^["'`](.*)["'`]$/.exec(value!.trim())?.[1];
        expect(classes, `an island sets className = ${value}`).toBeDefined();
        set.push(...classes!.split(/\s+/));
      }
    }
    expect(set.length).toBeGreaterThan(0);
    expect(set.filter((name) => !ISLAND_CLASSES.includes(name))).toEqual([]);
  });
});
