// The HTML constraints a form's fields carry, read from its zod schema by conform (required, min,
// max, pattern...), all but maxlength (decision 039): a browser cuts pasted text at maxlength
// without a word, so a 573-character excerpt became 500 and nobody knew. Without it, what was
// typed is kept whole and the schema's own check says "Please keep this under N characters" beside
// the field: conform's in the browser, the action's without JavaScript.
import { getInputProps } from "@conform-to/react";
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

// The input types each length and pattern attribute is valid on (the HTML standard): conform puts
// a field's constraints on every input of it, and a radio with `pattern` or a date with
// `minlength` is invalid HTML (the validator refused the admin's forms).
const TEXT_TYPES = new Set(["text", "search", "url", "tel", "email", "password"]);

/** conform's `getInputProps`, without the attributes HTML does not allow on the input's type. */
export function inputProps<Options extends Parameters<typeof getInputProps>[1]>(meta: Parameters<typeof getInputProps>[0], options: Options) {
  const props: Partial<Record<"pattern" | "minLength" | "maxLength" | "required", unknown>> & ReturnType<typeof getInputProps<unknown, Options>> = getInputProps(meta, options);
  const type: string = options.type;
  if (!TEXT_TYPES.has(type)) {
    delete props.pattern;
    delete props.minLength;
    delete props.maxLength;
  }
  if (type === "hidden") delete props.required;
  return props;
}
