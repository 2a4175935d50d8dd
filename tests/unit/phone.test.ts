// Phone numbers read and written the Malawian way (app/server/phone.server.ts).
import { describe, expect, it } from "vitest";
import { normalizePhone, phoneDigits, readablePhone, spreadsheetPhone } from "~/server/phone.server";

describe("reading a phone number", () => {
  it.each([
    ["0991 234 567", "+265991234567"],
    ["991234567", "+265991234567"],
    ["+265 991 234 567", "+265991234567"],
    ["00265 991 234 567", "+265991234567"],
    ["0888-123-456", "+265888123456"],
    ["01 234 567", "+2651234567"],
    ["1234567", "+2651234567"],
    ["+44 7700 900123", "+447700900123"],
    ["0044 7700 900123", "+447700900123"],
    // A prefix the library's patterns may not know yet is still accepted when the length is right.
    ["0971 234 567", "+265971234567"],
  ])("reads %s as %s", (typed, international) => {
    expect(normalizePhone(typed)).toBe(international);
  });

  // "0999 12 34 5": a digit short, which the library would keep as +265 099912345 (a national part starting with 0).
  // "0991 2345", "0999 12 34", "0881 23 45": mobile numbers two digits short, 7 digits long like a landline but not one (01 …).
  it.each(["07700 900123", "12345", "hello", "", "+265 991 234 5678 9", "0999 12 34 56 7", "0999 12 34 5", "0888 12345", "0991 2345", "0999 12 34", "0881 23 45", "+265 991 2345"])("refuses %j", (typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });
});

describe("writing a phone number", () => {
  it("for people: Malawi's grouping; unreadable numbers as stored", () => {
    expect(readablePhone("+265991234567")).toBe("+265 991 23 45 67");
    expect(readablePhone("+447700900123")).toBe("+44 7700 900123");
    expect(readablePhone("call me")).toBe("call me");
  });

  it("for a spreadsheet: the national form with spaces, 00 for other countries, never a leading +", () => {
    expect(spreadsheetPhone("+265991234567")).toBe("0991 23 45 67");
    expect(spreadsheetPhone("+2651234567")).toBe("01 234 567");
    expect(spreadsheetPhone("+447700900123")).toBe("0044 7700 900123");
    expect(spreadsheetPhone("=1+1")).toBe("=1+1");
  });

  it("for wa.me: the digits", () => {
    expect(phoneDigits("+265991234567")).toBe("265991234567");
    expect(phoneDigits("0991 bad")).toBeNull();
  });
});
