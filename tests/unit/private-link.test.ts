// The private links' tokens (app/lib/private-link.ts): a registration's, a group's and a gift's.
import { describe, expect, it } from "vitest";
import { newPrivateToken, privateTokenOf } from "~/lib/private-link";

describe("private links' tokens", () => {
  it("draws tokens of 128 random bits as 22 characters of base64url, never twice", () => {
    const tokens = new Set(Array.from({ length: 1000 }, newPrivateToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("takes a token from an address only when it is shaped like one", () => {
    const token = newPrivateToken();
    expect(privateTokenOf(token)).toBe(token);
    for (const odd of ["", "short", `${token}'--`, `${token}%20`, "x".repeat(65), "../../admin/registrations"]) expect(privateTokenOf(odd)).toBe("-");
  });
});
