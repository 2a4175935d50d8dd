// GSM-7 (issue 24): characters outside the SMS alphabet are replaced, never sent as a 70-character
// Unicode segment, and every registration SMS with the longest values the forms allow is one segment.
import { describe, expect, it } from "vitest";
import { registrationSms, type RegistrationSmsKind } from "~/features/events/registration-sms";
import { cutGsm7, gsm7Length, isGsm7, smsCount, smsSegments, toGsm7 } from "~/lib/gsm7";

describe("toGsm7", () => {
  it("replaces Chichewa's ŵ, curly quotes, dashes and the ellipsis; drops emoji", () => {
    expect(toGsm7("Ŵalemba’s “Mkumano” – 2 days… 🙏🏾 ✝")).toBe(`Walemba's "Mkumano" - 2 days...`);
    expect(toGsm7("ŵ Ŵ ô ñ é")).toBe("w W o ñ é");
    expect(isGsm7(toGsm7("Zikomo kwambiri 😀 • ©"))).toBe(true);
  });

  it("counts extension characters twice and splits long texts into 153-character segments", () => {
    expect(gsm7Length("[x]")).toBe(5);
    expect(smsSegments("a".repeat(160))).toBe(1);
    expect(smsSegments("a".repeat(161))).toBe(2);
    expect(smsSegments("a".repeat(306))).toBe(2);
    expect(smsSegments("a".repeat(307))).toBe(3);
    expect(smsCount("Zikomo “abale” 🙏")).toEqual({ text: 'Zikomo "abale"', characters: 14, segments: 1 });
  });
});

describe("cutGsm7", () => {
  it("cuts a long name between words, and mid-word only when a word boundary would keep less than half", () => {
    expect(cutGsm7("Men's Prayer Breakfast", 30)).toBe("Men's Prayer Breakfast");
    expect(cutGsm7("Men's Prayer Breakfast", 17)).toBe("Men's Prayer...");
    expect(cutGsm7("Men's Prayer Breakfast", 15)).toBe("Men's Prayer...");
    expect(cutGsm7("Lake Malawi, Senga Bay", 15)).toBe("Lake Malawi...");
    expect(cutGsm7("Mkumano-wa-amuna wa chaka", 12)).toBe("Mkumano-w...");
    expect(gsm7Length(cutGsm7("Annual National Men's Conference", 20))).toBeLessThanOrEqual(20);
  });
});

describe("registration SMS", () => {
  const kinds: RegistrationSmsKind[] = ["confirmed", "waitlisted", "moved-up", "cancelled", "reminder", "fee-paid"];
  // The event form allows a 150-character name and a 200-character place; SMS_ORIGIN_MAX_LENGTH is 40.
  const longestName = `Ŵ${"Annual National Men’s Conference and Retreat “Together” ".repeat(5)}`.slice(0, 150);
  const longestPlace = "Capital Hill Baptist Church, Area 9, Lilongwe – ".repeat(5).slice(0, 200);
  const longestOrigin = `https://${"b".repeat(28)}.mw`.padEnd(40, "w");
  const person = { code: "ABC234", token: "A".repeat(22), place: 999 };

  it("every template with the longest name, place, site address and sender ID is one GSM-7 segment", () => {
    expect(longestName).toHaveLength(150);
    expect(longestOrigin).toHaveLength(40);
    for (const kind of kinds) {
      const text = registrationSms(kind, "BaptistMen1", { name: longestName, date: "2031-06-12T06:00:00.000Z", location: longestPlace }, person, longestOrigin);
      expect(isGsm7(text), kind).toBe(true);
      expect(gsm7Length(text), `${kind}: ${text}`).toBeLessThanOrEqual(160);
      expect(text).toContain("BaptistMen1: ");
      // Cut between words: "WAnnual..." or "WAnnual National...", never "WAnnual Na...".
      expect(text).toMatch(/WAnnual( National( Men's)?)?\.\.\./);
      // A cut name ends its sentence with its "...": never "....".
      expect(text).not.toContain("....");
      expect(text).toContain("Code ABC234");
      expect(text.endsWith(`${longestOrigin}/r/${"A".repeat(22)}`)).toBe(true);
    }
  });

  it("with a fee still to pay, every text with the longest values is still one segment", () => {
    for (const kind of kinds) {
      const text = registrationSms(kind, "BaptistMen1", { name: longestName, date: "2031-06-12T06:00:00.000Z", location: longestPlace }, { ...person, fee_owed: 5_000_000 }, longestOrigin);
      expect(gsm7Length(text), `${kind}: ${text}`).toBeLessThanOrEqual(160);
      expect(text.endsWith(`${longestOrigin}/r/${"A".repeat(22)}`)).toBe(true);
      // The money owed is not the detail that gives way: the event's name is cut shorter.
      if (kind === "confirmed") expect(text, kind).toContain("Fee MK 5,000,000 due. Code ABC234.");
    }
  });

  it("a confirmed place with a fee to pay says so, before the time, which gives way to it first (the reminder carries the time and place)", () => {
    const withFee = { ...person, fee_owed: 35_000 };
    const event = { name: "Men's Retreat", date: "2031-06-12T06:00:00.000Z", location: "Senga Bay" };
    expect(registrationSms("confirmed", "BaptistMen", { ...event, name: "Retreat" }, withFee, "https://baptistmen.mw")).toBe(
      "BaptistMen: You are registered for Retreat. Fee MK 35,000 due. Thu 12 Jun 08:00. Code ABC234. Info/stop SMS: https://baptistmen.mw/r/AAAAAAAAAAAAAAAAAAAAAA",
    );
    const long = registrationSms("confirmed", "BaptistMen", { ...event, name: "Lake Malawi Men's Retreat at Senga Bay, Salima" }, withFee, "https://baptistmen.mw");
    expect(gsm7Length(long), long).toBeLessThanOrEqual(160);
    expect(long).toContain("Fee MK 35,000 due. Code ABC234.");
    expect(long).toContain("Lake Malawi Men's");
    // A long name is cut shorter rather than leave out the fee.
    const movedUp = registrationSms("moved-up", "BaptistMen", { ...event, name: "Lake Malawi Men's Retreat at Senga Bay, Salima" }, withFee, "https://baptistmen.mw");
    expect(gsm7Length(movedUp), movedUp).toBeLessThanOrEqual(160);
    expect(movedUp).toContain("A place opened for you at Lake Malawi");
    expect(movedUp).toContain("Fee MK 35,000 due. Code ABC234.");
    expect(registrationSms("moved-up", "BaptistMen", event, withFee, "https://baptistmen.mw")).toBe(
      "BaptistMen: A place opened for you at Men's Retreat. Fee MK 35,000 due. Code ABC234. Info/stop SMS: https://baptistmen.mw/r/AAAAAAAAAAAAAAAAAAAAAA",
    );
    // No fee owed (free, or settled): as before.
    expect(registrationSms("confirmed", "BaptistMen", event, person, "https://baptistmen.mw")).toBe(
      "BaptistMen: You are registered for Men's Retreat. Thu 12 Jun 08:00. Code ABC234. Info/stop SMS: https://baptistmen.mw/r/AAAAAAAAAAAAAAAAAAAAAA",
    );
    // The reminder says a fee still to pay first, then when (the place gives way to it here; the reminder without a fee carries it).
    expect(registrationSms("reminder", "BaptistMen", event, withFee, "https://baptistmen.mw")).toContain("Fee MK 35,000 due. Thu 12 Jun 08:00. Code");
    expect(registrationSms("reminder", "BaptistMen", event, person, "https://baptistmen.mw")).toContain("Thu 12 Jun 08:00. At Senga Bay.");
  });

  it("a place released for a fee not paid in time says so", () => {
    const event = { name: "Men's Retreat", date: "2031-06-12T06:00:00.000Z", location: "Senga Bay" };
    expect(registrationSms("cancelled", "BaptistMen", event, { ...person, cancel_reason: "not paid" }, "https://baptistmen.mw")).toBe(
      "BaptistMen: Your registration for Men's Retreat is cancelled. Fee not paid in time. Code ABC234. Info: https://baptistmen.mw/r/AAAAAAAAAAAAAAAAAAAAAA",
    );
    expect(registrationSms("cancelled", "BaptistMen", event, person, "https://baptistmen.mw")).not.toContain("fee");
  });

  it("to a leader's number about a man of his group without a phone, each text names the man, and still fits one segment", () => {
    const event = { name: "Men's Retreat", date: "2031-06-12T06:00:00.000Z", location: "Senga Bay" };
    const forMan = { ...person, on_behalf_of: "Chisomo Banda" };
    expect(registrationSms("moved-up", "BaptistMen", event, forMan, "https://baptistmen.mw")).toBe(
      "BaptistMen: A place opened for Chisomo Banda at Men's Retreat. Thu 12 Jun 08:00. Code ABC234. Info/stop SMS: https://baptistmen.mw/r/AAAAAAAAAAAAAAAAAAAAAA",
    );
    expect(registrationSms("cancelled", "BaptistMen", event, forMan, "https://baptistmen.mw")).toBe(
      "BaptistMen: The registration of Chisomo Banda for Men's Retreat is cancelled. Code ABC234. Info: https://baptistmen.mw/r/AAAAAAAAAAAAAAAAAAAAAA",
    );
    expect(registrationSms("fee-paid", "BaptistMen", event, forMan, "https://baptistmen.mw")).toContain("Payment received for Chisomo Banda, Men's Retreat.");
    expect(registrationSms("reminder", "BaptistMen", event, forMan, "https://baptistmen.mw")).toContain("BaptistMen: Reminder for Chisomo Banda: Men's Retreat.");
    const longestMan = { ...person, fee_owed: 5_000_000, on_behalf_of: "Ŵ".padEnd(100, "a") };
    for (const kind of kinds) {
      const text = registrationSms(kind, "BaptistMen1", { name: longestName, date: "2031-06-12T06:00:00.000Z", location: longestPlace }, longestMan, longestOrigin);
      expect(gsm7Length(text), `${kind}: ${text}`).toBeLessThanOrEqual(160);
      expect(text.endsWith(`${longestOrigin}/r/${"A".repeat(22)}`)).toBe(true);
      if (kind !== "reminder") expect(text, kind).toContain("Waaaaaaaaaa");
    }
  });

  it("to a leader's number, a place released for the fee says so, and the man's full name: the event's name gives way first", () => {
    const event = { name: "Lake Malawi Men's Retreat", date: "2031-06-12T06:00:00.000Z", location: "Senga Bay" };
    const text = registrationSms("cancelled", "BaptistMen", event, { ...person, on_behalf_of: "Peter Phiri", cancel_reason: "not paid" }, "https://baptistmen.mw");
    expect(text).toMatch(/^BaptistMen: The registration of Peter Phiri for Lake.*\.\.\. is cancelled\. Fee not paid in time\. Code ABC234\. Info: https:\/\/baptistmen\.mw\/r\/A{22}$/);
    expect(gsm7Length(text)).toBeLessThanOrEqual(160);
  });

  it("the reminder says where, its place cut to the room left rather than dropped, after the time", () => {
    const at = (location: string, name = "Men's Conference 2026") =>
      registrationSms("reminder", "BaptistMen", { name, date: "2031-06-12T06:00:00.000Z", location }, person, "https://baptistmen.mw");
    expect(at("Bingu International Convention Centre, Lilongwe")).toMatch(/^BaptistMen: Reminder: Men's Conferenc.*\. Thu 12 Jun 08:00\. At Bingu International\.\.\. Code ABC234\./);
    expect(at("Lilongwe Baptist Church, Area 47, Sector 3", "Central Region Men's Prayer Breakfast")).toContain("Thu 12 Jun 08:00. At Lilongwe Baptist... Code ABC234.");
    for (const text of [at("Bingu International Convention Centre, Lilongwe"), at(longestPlace, longestName)]) expect(gsm7Length(text), text).toBeLessThanOrEqual(160);
  });

  it("a short event keeps its time and place", () => {
    const text = registrationSms("reminder", "BaptistMen", { name: "Prayer breakfast", date: "2031-06-12T06:00:00.000Z", location: "Blantyre" }, person, "https://baptistmen.mw");
    expect(text).toBe("BaptistMen: Reminder: Prayer breakfast. Thu 12 Jun 08:00. At Blantyre. Code ABC234. Info/stop SMS: https://baptistmen.mw/r/AAAAAAAAAAAAAAAAAAAAAA");
  });
});
