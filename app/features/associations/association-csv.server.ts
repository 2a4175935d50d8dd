// The CSV import's reading (issue 25): `name,region,district,contact_name,contact_phone,meeting`,
// with a header row. Every row is checked before anything is saved; a file with one bad row saves
// nothing and lists each bad row by its line ("Line 3: region is required").
import { normalizePhone } from "~/server/phone.server";
import { ASSOCIATION_LIMITS, canonicalRegion, directoryText } from "./association-form";
import type { AssociationInput } from "./associations.server";

export const CSV_COLUMNS = ["name", "region", "district", "contact_name", "contact_phone", "meeting"] as const;
type Column = (typeof CSV_COLUMNS)[number];
const REQUIRED: Column[] = ["name", "region", "district"];
const LIMITS: Record<Column, number> = {
  name: ASSOCIATION_LIMITS.name,
  region: ASSOCIATION_LIMITS.region,
  district: ASSOCIATION_LIMITS.district,
  contact_name: ASSOCIATION_LIMITS.contactName,
  contact_phone: ASSOCIATION_LIMITS.phone,
  meeting: ASSOCIATION_LIMITS.meeting,
};

/** The most rows one import takes (the first load is a few hundred at most). */
export const CSV_MAX_ROWS = 1000;
/** The largest file one import takes. */
export const CSV_MAX_BYTES = 256 * 1024;

type Record_ = { line: number; fields: string[] };

/** Splits CSV text into records (RFC 4180: quoted fields may hold commas, quotes and line breaks), each with the line it starts on. */
export function splitCsv(text: string): { records: Record_[]; error: string | null } {
  const records: Record_[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === "")) records.push({ line: start, fields });
    fields = [];
    field = "";
  };
  for (; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        field += char;
      }
    } else if (char === '"' && field.trim() === "") {
      quoted = true;
      field = "";
    } else if (char === ",") {
      fields.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else field += char;
  }
  if (quoted) return { records, error: `Line ${start}: a quoted field is not closed` };
  if (field !== "" || fields.length) endRecord();
  return { records, error: null };
}

export type CsvImport = { rows: AssociationInput[]; errors: string[] };

/** Reads the file: the rows to save, or the reasons (one per bad row, with its line) none may be saved. */
export function readAssociationsCsv(text: string, existing: { name: string; district: string }[]): CsvImport {
  const { records, error } = splitCsv(text);
  if (error) return { rows: [], errors: [error] };
  const [header, ...body] = records;
  if (!header) return { rows: [], errors: ["The file is empty: the first line must be name,region,district,contact_name,contact_phone,meeting"] };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const missing = REQUIRED.filter((column) => !names.includes(column));
  const unknown = names.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
  if (missing.length || unknown.length) {
    const parts = [missing.length ? `no ${missing.join(", ")} column` : "", unknown.length ? `unknown column ${unknown.map((name) => `"${name}"`).join(", ")}` : ""];
    return { rows: [], errors: [`Line ${header.line}: the header has ${parts.filter(Boolean).join(" and ")}. Expected: ${CSV_COLUMNS.join(",")}`] };
  }
  if (body.length === 0) return { rows: [], errors: ["The file has a header but no associations"] };
  if (body.length > CSV_MAX_ROWS) return { rows: [], errors: [`The file has ${body.length} rows; one import takes at most ${CSV_MAX_ROWS}`] };

  const keyOf = (name: string, district: string) => `${directoryText(name).toLowerCase()}\u0000${directoryText(district).toLowerCase()}`;
  const known = new Set(existing.map((row) => keyOf(row.name, row.district)));
  const seen = new Map<string, number>();
  const rows: AssociationInput[] = [];
  const errors: string[] = [];
  for (const { line, fields } of body) {
    if (fields.length > names.length) {
      errors.push(`Line ${line}: ${fields.length} fields, but the header has ${names.length} (put a field holding a comma in double quotes)`);
      continue;
    }
    const value = (column: Column) => {
      const index = names.indexOf(column);
      return index === -1 ? "" : (fields[index] ?? "").trim();
    };
    const problems: string[] = [];
    for (const column of CSV_COLUMNS) {
      const text = value(column);
      if (REQUIRED.includes(column) && text === "") problems.push(`${column} is required`);
      else if (text.length > LIMITS[column]) problems.push(`${column} is longer than ${LIMITS[column]} characters`);
    }
    const typedPhone = value("contact_phone");
    const phone = typedPhone ? normalizePhone(typedPhone) : null;
    if (typedPhone && !phone) problems.push(`contact_phone "${typedPhone.slice(0, 30)}" is not a phone number`);
    const key = keyOf(value("name"), value("district"));
    if (!problems.length) {
      if (known.has(key)) problems.push(`"${value("name")}" in ${value("district")} is already in the directory`);
      else if (seen.has(key)) problems.push(`repeats line ${seen.get(key)} (the same name and district)`);
    }
    if (problems.length) {
      errors.push(`Line ${line}: ${problems.join("; ")}`);
      continue;
    }
    seen.set(key, line);
    rows.push({
      name: directoryText(value("name")),
      region: canonicalRegion(value("region")),
      district: directoryText(value("district")),
      contact_name: value("contact_name") || null,
      contact_phone: phone,
      meeting: value("meeting") || null,
      active: true,
    });
  }
  return errors.length ? { rows: [], errors } : { rows, errors };
}
