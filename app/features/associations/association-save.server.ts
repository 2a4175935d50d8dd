// The association form as the server reads it: the browser's schema, with the region written as the
// known one and the phone number in its international form (+265...), or refused when it cannot be one.
import { toInternationalPhone } from "~/server/phone.server";
import { ASSOCIATION_MESSAGES, associationSchema, canonicalRegion } from "./association-form";

const toPhone = toInternationalPhone(ASSOCIATION_MESSAGES.phoneNotPossible);

export const associationServerSchema = associationSchema.extend({
  region: associationSchema.shape.region.transform(canonicalRegion),
  contact_phone: associationSchema.shape.contact_phone.transform((typed, ctx) => (typed === null ? null : toPhone(typed, ctx))),
});
