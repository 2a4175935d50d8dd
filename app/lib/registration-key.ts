/**
 * What makes two sign-ups for one event the same person: the phone number's digits and the name,
 * case- and space-insensitive. A double-click, a resubmitted form or a second try after a slow
 * network all map to one registration.
 */
export function registrationDedupeKey(fullName: string, phoneNumber: string): string {
  const digits = phoneNumber.replace(/\D/g, "");
  const name = fullName.trim().replace(/\s+/g, " ").toLowerCase();
  return `${digits}|${name}`;
}
