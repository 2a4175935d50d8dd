// Tiny helpers to write seed rows as SQL text, so one seed runs both through `wrangler d1 execute`
// (scripts) and through the D1 binding (tests). Plain TypeScript: Node runs it without a build.

export type SqlValue = string | number | boolean | null;

export function sqlLiteral(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

export function insertRow(table: string, row: Record<string, SqlValue>, conflict: "IGNORE" | "ABORT" = "ABORT"): string {
  const columns = Object.keys(row);
  const verb = conflict === "IGNORE" ? "INSERT OR IGNORE" : "INSERT";
  return `${verb} INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => sqlLiteral(row[c] ?? null)).join(", ")});`;
}
