// The new-password policy and the list of common passwords it ships with.
import { describe, expect, it } from "vitest";
import { commonPasswordStem, organisationNames, PASSWORD_MESSAGES } from "~/features/accounts/password-policy";
import commonPasswordsText from "~/features/accounts/common-passwords.txt?raw";
import { checkNewPassword } from "~/features/accounts/password-policy.server";
import { ORGANISATION_DEFAULTS } from "~/features/settings/organisation";

const EMAIL = "treasurer@example.org";

describe("the common-password list", () => {
  it("holds the classics, and stays small (it is bundled with the Worker)", () => {
    const entries = commonPasswordsText.split("\n").filter((line) => line && !line.startsWith("#"));
    for (const classic of ["password", "123456", "qwerty", "letmein", "iloveyou", "admin", "welcome", "malawi", "jesus", "blessed", "p@ssw0rd", "lilongwe"]) {
      expect(entries, classic).toContain(classic);
    }
    expect(entries.length).toBeGreaterThan(2000);
    expect(commonPasswordsText.length).toBeLessThan(64 * 1024);
  });
});

describe("a new password", () => {
  it("is looked up lower-cased, without trailing digits and symbols", () => {
    expect(commonPasswordStem("Password1234!")).toBe("password");
    expect(commonPasswordStem("pa55word")).toBe("pa55word");
    expect(commonPasswordStem("123456789012")).toBe("");
  });

  it.each(["password1234", "Qwerty123456", "Letmein!2024", "IloveYou2025!", "admin@123456", "Welcome12345", "malawi2024!!", "JESUS1234567", "blessed!!!!!", "123456789012", "111111111111"])(
    "refuses %s as too common",
    async (password) => {
      expect(await checkNewPassword(password, EMAIL, ORGANISATION_DEFAULTS)).toBe(PASSWORD_MESSAGES.common);
    },
  );

  it("refuses the ministry's name in any spelling, and the e-mail's name", async () => {
    expect(organisationNames(ORGANISATION_DEFAULTS)).toEqual(["Baptist Men's Ministry Malawi", "Baptist Men Malawi", "Baptist Men"]);
    for (const password of ["baptist-men-2024", "BAPTISTMEN!forever", "baptist mens ministry malawi"]) {
      expect(await checkNewPassword(password, EMAIL, ORGANISATION_DEFAULTS), password).toBe(PASSWORD_MESSAGES.organisation);
    }
    expect(await checkNewPassword("the-Treasurer-key-7", EMAIL, ORGANISATION_DEFAULTS)).toBe(PASSWORD_MESSAGES.email);
    expect(await checkNewPassword("john.banda.rocks!", "john.banda@example.org", ORGANISATION_DEFAULTS)).toBe(PASSWORD_MESSAGES.email);
    // A name too short to mean anything is not looked for.
    expect(await checkNewPassword("fjord-lantern-42", "jo@example.org", ORGANISATION_DEFAULTS)).toBeNull();
  });

  it("accepts a long passphrase of its own, and refuses one under 12 characters or over 200", async () => {
    expect(await checkNewPassword("mulanje sunrise on the plateau", EMAIL, ORGANISATION_DEFAULTS)).toBeNull();
    expect(await checkNewPassword("Zomba-Kettle-Lamp-9", EMAIL, ORGANISATION_DEFAULTS)).toBeNull();
    expect(await checkNewPassword("eleven-char", EMAIL, ORGANISATION_DEFAULTS)).toBe(PASSWORD_MESSAGES.tooShort);
    expect(await checkNewPassword("x".repeat(201), EMAIL, ORGANISATION_DEFAULTS)).toBe(PASSWORD_MESSAGES.tooLong);
  });
});
