// Malawi wall-clock times as staff type them (a `datetime-local` value) and the UTC instants they
// name: event dates, the conference card's countdown, the desk's check-in times, the activity log's days.
import { describe, expect, it } from "vitest";
import { formatInSiteZone, siteLocalInputToIso } from "~/lib/time";

describe("siteLocalInputToIso", () => {
  it("reads the time as Malawi time (two hours ahead of UTC all year)", () => {
    expect(siteLocalInputToIso("2026-12-08T06:30")).toBe("2026-12-08T04:30:00.000Z");
    expect(siteLocalInputToIso("2027-06-12T08:00")).toBe("2027-06-12T06:00:00.000Z");
    expect(siteLocalInputToIso("2027-01-01T00:00")).toBe("2026-12-31T22:00:00.000Z");
  });

  it("accepts seconds", () => {
    expect(siteLocalInputToIso("2025-06-12T23:59:59")).toBe("2025-06-12T21:59:59.000Z");
  });

  it("knows leap years", () => {
    expect(siteLocalInputToIso("2028-02-29T10:00")).toBe("2028-02-29T08:00:00.000Z");
    expect(siteLocalInputToIso("2027-02-29T10:00")).toBeNull();
  });

  it("refuses times that do not exist and anything that is not a datetime-local value", () => {
    for (const value of ["2026-02-30T10:00", "2026-13-01T10:00", "2026-12-08T24:00", "2026-12-08T10:60", "2026-12-08T10:00:60", "2026-12-08", "2026-12-08 10:00", "2026-1-8T10:00", "", "soon"]) {
      expect(siteLocalInputToIso(value), value).toBeNull();
    }
  });

  it("gives back what formatInSiteZone shows", () => {
    for (const value of ["2026-12-08T06:30", "2027-03-31T23:15", "2030-10-01T00:05"]) {
      expect(formatInSiteZone(siteLocalInputToIso(value), "yyyy-MM-dd'T'HH:mm")).toBe(value);
    }
  });
});
