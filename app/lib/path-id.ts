// The numeric id in a public address (/events/{id}): digits without a leading zero, at most ten,
// or null for anything else (the page answers 404 rather than looking it up).
export function idFromPath(param: string | undefined): number | null {
  return param && /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : null;
}
