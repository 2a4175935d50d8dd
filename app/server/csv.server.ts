// CSV downloads (registrations, subscribers): UTF-8 with a byte-order mark so Excel reads accents,
// every cell quoted, formula-looking cells neutralised, rows streamed page by page so a large
// export never sits in memory at once.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a cell a spreadsheet would run as a formula gets a leading apostrophe. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/**
 * A streamed CSV body: the header row, then each page `nextPage` returns until it returns an empty
 * page. `nextPage` receives the last row of the previous page (for keyset paging).
 */
export function csvStream<Row>(
  header: string[],
  nextPage: (after: Row | null) => Promise<Row[]>,
  toCells: (row: Row) => (string | number | null | undefined)[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: Row | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
        return;
      }
      const rows = await nextPage(last);
      if (rows.length === 0) {
        controller.close();
        return;
      }
      last = rows[rows.length - 1]!;
      controller.enqueue(encoder.encode(rows.map((row) => csvRow(toCells(row))).join("")));
    },
  });
}

/** A file name made of safe characters only (letters, digits, spaces, dots, dashes, underscores). */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._-]+/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return cleaned || fallback;
}

export function csvResponse(fileName: string, body: ReadableStream<Uint8Array>): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** '{event name}-registrations.csv', made of safe characters only (never a hidden dot-file). */
export function registrationsCsvFileName(eventName: string): string {
  const base = safeFileName(eventName, "event").replace(/^[.\s]+/, "");
  return `${base || "event"}-registrations.csv`;
}
