// A region as staff type it (the association form and the CSV import): the three of Malawi however
// written, one slip of a letter included, so a typing mistake never puts a new region on the
// public directory; anything else is a region staff mean to add.
import { describe, expect, it } from "vitest";
import { canonicalRegion } from "../../app/features/associations/association-form";

describe("a region as typed", () => {
  it("is one of the three when it is one, however written", () => {
    expect(["north", "Northern Region", " NORTHERN "].map(canonicalRegion)).toEqual(["Northern", "Northern", "Northern"]);
    expect(["centre", "Center", "central region"].map(canonicalRegion)).toEqual(["Central", "Central", "Central"]);
    expect(["South", "southern"].map(canonicalRegion)).toEqual(["Southern", "Southern"]);
  });

  it("is one of the three when one letter is wrong, missing or extra, or two are swapped", () => {
    expect(["Nothern", "Northen", "Norhern", "Nortthern", "Nothern Region", "Norhtern"].map(canonicalRegion)).toEqual(Array(6).fill("Northern"));
    expect(["Centrl", "Cemtral", "Centrall"].map(canonicalRegion)).toEqual(Array(3).fill("Central"));
    expect(["Southen", "Soutern", "Southernn", "Suothern"].map(canonicalRegion)).toEqual(Array(4).fill("Southern"));
  });

  it("stays as typed when it is another region, or a short word one letter from a region's", () => {
    expect(["Lakeshore", "Eastern", "Mouth", "Nouth", "Nrohtern"].map(canonicalRegion)).toEqual(["Lakeshore", "Eastern", "Mouth", "Nouth", "Nrohtern"]);
  });

  it("writes another region without its closing 'Region', which the directory adds: 'Eastern Region' and 'Eastern' are one heading", () => {
    expect(["Eastern Region", "Eastern", " Eastern  region ", "Lower Shire Region"].map(canonicalRegion)).toEqual(["Eastern", "Eastern", "Eastern", "Lower Shire"]);
    expect(canonicalRegion("Region")).toBe("Region");
  });
});
