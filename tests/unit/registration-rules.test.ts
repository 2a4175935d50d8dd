// When registration is open and what the pages say (app/features/events/registration-rules.ts); the guarded
// insert's agreement with this rule is tested through D1 in tests/worker/registration-capacity.test.ts.
import { describe, expect, it } from "vitest";
import {
  newRegistrationCode,
  readRegistrationCode,
  REGISTRATION_CODE_ALPHABET,
  registrationState,
  type RegistrationWindow,
} from "~/features/events/registration-rules";

const now = new Date("2027-03-01T08:00:00.000Z");
const open: RegistrationWindow = {
  active: true,
  registration_enabled: true,
  date: "2027-03-05T08:00:00.000Z",
  registration_closes_at: null,
  capacity: null,
  waitlist_enabled: true,
  confirmed: 0,
};

describe("registration state", () => {
  it("is open with no note when nothing limits it", () => {
    expect(registrationState(open, now)).toEqual({ open: true, placesLeft: null, full: false, note: null });
  });

  it("counts places left, and says the event is full with a waiting list", () => {
    expect(registrationState({ ...open, capacity: 300, confirmed: 288 }, now).note).toBe("12 places left");
    expect(registrationState({ ...open, capacity: 300, confirmed: 299 }, now).note).toBe("1 place left");
    expect(registrationState({ ...open, capacity: 300, confirmed: 300 }, now)).toMatchObject({ open: true, full: true, note: "Full – join the waiting list" });
    expect(registrationState({ ...open, capacity: 2, confirmed: 5 }, now)).toMatchObject({ open: true, placesLeft: 0, full: true });
  });

  it.each([
    ["hidden", { active: false }],
    ["switched off", { registration_enabled: false }],
    ["full without a waiting list", { capacity: 10, confirmed: 10, waitlist_enabled: false }],
    ["past its closing time", { registration_closes_at: "2027-02-28T08:00:00.000Z" }],
    ["started", { date: "2027-03-01T07:59:59.000Z" }],
  ])("is closed when %s", (_label, change) => {
    expect(registrationState({ ...open, ...change }, now)).toMatchObject({ open: false, note: "Registration Closed" });
  });

  it("stays open until the closing time even after the start, and without a date until closed by hand", () => {
    expect(registrationState({ ...open, date: "2027-02-01T08:00:00.000Z", registration_closes_at: "2027-03-02T08:00:00.000Z" }, now).open).toBe(true);
    expect(registrationState({ ...open, date: null }, now).open).toBe(true);
  });
});

describe("codes", () => {
  it("draws codes of 6 characters without 0, O, 1 or I, evenly", () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) {
      const code = newRegistrationCode();
      expect(code).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/);
      for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(REGISTRATION_CODE_ALPHABET.length);
    // 12,000 characters over 32: about 375 each.
    for (const n of counts.values()) expect(n).toBeGreaterThan(250);
  });

  it("reads a code as a person types it", () => {
    expect(readRegistrationCode(" abc-234 ")).toBe("ABC234");
    expect(readRegistrationCode("ABC10O")).toBeNull();
    expect(readRegistrationCode("ABC23")).toBeNull();
  });
});
