// Which records still use a picture (app/features/images/image-use.server.ts): every column and every
// settings field that holds a picture's URL is in its tables, and a picture the settings show (the
// contact page's map) stays in storage when something else lets it go (issue 28, finding 3).
import { env } from "cloudflare:workers";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { releasePictures, storeOriginalImage } from "~/features/images/image-store.server";
import { PICTURE_COLUMNS, PICTURE_SETTINGS } from "~/features/images/image-use.server";
import { SETTINGS_DEFAULTS } from "~/features/settings/defaults";
import { fixtureBytes } from "../fixtures/images";

/** A name that says it holds a picture. */
const isPictureName = (name: string) => /(^|_)(image|picture|photo)(_url)?$/.test(name);

describe("the tables of what holds a picture", () => {
  it("name every schema column that holds a picture", () => {
    const holding = (Object.values(schema) as unknown[])
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .flatMap((table) => Object.values(getTableColumns(table)).filter((column) => isPictureName(column.name)).map((column) => `${getTableName(table)}.${column.name}`));
    expect(holding.length).toBeGreaterThanOrEqual(6);
    const listed = PICTURE_COLUMNS.map(([table, column]) => `${getTableName(table)}.${column.name}`);
    expect([...listed].sort()).toEqual([...holding].sort());
  });

  it("name every settings field that holds a picture (the contact page's map)", () => {
    const holding = Object.entries(SETTINGS_DEFAULTS).flatMap(([section, values]) =>
      Object.keys(values as Record<string, unknown>).filter(isPictureName).map((field) => `${section}.${field}`),
    );
    expect(holding).toContain("contact.map_image");
    expect(PICTURE_SETTINGS.map(([section, field]) => `${section}.${field}`).sort()).toEqual(holding.sort());
  });
});

describe("the contact page's map picture", () => {
  it("stays in storage when released while the settings show it, and goes once they do not", async () => {
    const url = await storeOriginalImage("site", new File([fixtureBytes("png")], "map.png", { type: "image/png" }));
    const key = url.slice("/images/".length);
    await env.DB.prepare("INSERT INTO site_settings (key, value) VALUES ('contact', ?1)")
      .bind(JSON.stringify({ ...SETTINGS_DEFAULTS.contact, map_image: url }))
      .run();
    await releasePictures([url]);
    expect(await env.IMAGES.head(key)).not.toBeNull();
    await env.DB.prepare("UPDATE site_settings SET value = ?1 WHERE key = 'contact'").bind(JSON.stringify(SETTINGS_DEFAULTS.contact)).run();
    await releasePictures([url]);
    expect(await env.IMAGES.head(key)).toBeNull();
  });
});
