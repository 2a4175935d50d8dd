import { describe, expect, it } from "vitest";
import { xmlEscape } from "~/lib/xml";

describe("xmlEscape", () => {
  it("escapes markup characters", () => {
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;");
  });

  it("drops what XML forbids (controls, lone surrogates, U+FFFE/U+FFFF) and keeps tab, line breaks and emoji", () => {
    expect(xmlEscape("a\u0000b\u0008c\u000Bd\u000Ce\u001Ff\u007F")).toBe("abcdef\u007F");
    expect(xmlEscape("x\uD800y\uDFFFz\uFFFE\uFFFF")).toBe("xyz");
    expect(xmlEscape("tab\there\nline\r\n\u{1F64F} \u00E9")).toBe("tab\there\nline\r\n\u{1F64F} \u00E9");
  });
});
