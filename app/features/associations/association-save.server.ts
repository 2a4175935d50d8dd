// The association form as the server reads it: the browser's schema, with the name and district
// written as the directory writes them, the region as the known one and the phone number in its
// international form (+265...), or refused when it cannot be one.
import { toInternationalPhone } from "~/server/phone.server";
import { ASSOCIATION_MESSAGES, associationSchema, canonicalRegion, directoryText } from "./association-form";

const toPhone = toInternationalPhone(ASSOCIATION_MESSAGES.phoneNotPossible);

export const associationServerSchema = associationSchema.extend({
  name: associationSchema.shape.name.transform(directoryText),
  district: associationSchema.shape.district.transform(directoryText),
  region: associationSchema.shape.region.transform(canonicalRegion),
  contact_phone: associationSchema.shape.contact_phone.transform((typed, ctx) => (typed === null ? null : toPhone(typed, ctx))),
});
