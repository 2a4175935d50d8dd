import { describe, expect, it } from "vitest";
import { csvCell, csvRow, csvStream, safeFileName } from "~/server/csv.server";

describe("csv", () => {
  it("quotes every cell and doubles quotes", () => {
    expect(csvRow(["Chikondi", 'He said "amen", twice', null])).toBe('"Chikondi","He said ""amen"", twice",""\r\n');
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    for (const hostile of ["=HYPERLINK(\"http://evil\")", "+265 999", "-2+3", "@SUM(A1)", "\t=1"]) {
      expect(csvCell(hostile)).toBe(`"'${hostile.replaceAll('"', '""')}"`);
    }
    expect(csvCell("Lilongwe")).toBe('"Lilongwe"');
  });

  it("makes a safe file name, with a fallback", () => {
    expect(safeFileName('Men\'s "Retreat" / 2027: Lake Malaŵi', "event")).toBe("Mens Retreat 2027 Lake Malawi");
    expect(safeFileName("///", "event")).toBe("event");
  });

  it("streams a BOM, the header and every page until an empty one", async () => {
    const pages = [[1, 2], [3], []];
    let calls = 0;
    const stream = csvStream<number>(["N"], async () => pages[calls++] ?? [], (n) => [n]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
    expect(text).toBe('\uFEFF"N"\r\n"1"\r\n"2"\r\n"3"\r\n');
    expect(calls).toBe(3);
  });
});
