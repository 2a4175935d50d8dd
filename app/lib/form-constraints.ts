// The HTML constraints a form's fields carry, read from its zod schema by conform (required, min,
// max, pattern...), all but maxlength (decision 039): a browser cuts pasted text at maxlength
// without a word, so a 573-character excerpt became 500 and nobody knew. Without it, what was
// typed is kept whole and the schema's own check says "Please keep this under N characters" beside
// the field: conform's in the browser, the action's without JavaScript.
import { getZodConstraint } from "@conform-to/zod/v4";

type Constraints = ReturnType<typeof getZodConstraint>;

export function formConstraints(schema: Parameters<typeof getZodConstraint>[0]): Constraints {
  const constraints: Constraints = {};
  for (const [name, constraint] of Object.entries(getZodConstraint(schema))) {
    const { maxLength, ...kept } = constraint;
    constraints[name] = maxLength === undefined ? constraint : kept;
  }
  return constraints;
}
