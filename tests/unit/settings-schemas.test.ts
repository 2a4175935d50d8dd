// A settings section is stored as its form's output and read back through the same schema: reading
// must give back exactly what was stored, or a saved section would read as the defaults.
import { describe, expect, it } from "vitest";
import { SETTINGS_DEFAULTS } from "~/features/settings/defaults";
import { SECTION_SCHEMAS, SETTINGS_SECTIONS } from "~/features/settings/settings-forms";

describe("settings sections read back what they store", () => {
  it.each(SETTINGS_SECTIONS)("%s: the defaults pass their own schema unchanged", (section) => {
    const stored = JSON.parse(JSON.stringify(SETTINGS_DEFAULTS[section]));
    expect(SECTION_SCHEMAS[section].parse(stored)).toEqual(SETTINGS_DEFAULTS[section]);
  });

  it("a conference card in every mode, with or without an event, reads back the same", () => {
    for (const conference_mode of ["auto", "event", "custom", "hidden"] as const) {
      for (const conference_event_id of [null, 4]) {
        const card = { ...SETTINGS_DEFAULTS.conference, conference_mode, conference_event_id };
        if (conference_mode === "event" && conference_event_id === null) continue;
        expect(SECTION_SCHEMAS.conference.parse(JSON.parse(JSON.stringify(card)))).toEqual(card);
      }
    }
  });
});
