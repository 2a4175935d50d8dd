// The inputs that answer an event's registration questions (issue 25, part 2), on the registration
// page and on each line of a group's form. Plain fields, rendered on the server: what was typed and
// the server's message by each field come back with a refused post, without JavaScript.
import { RequiredLabel } from "~/components/admin/form-kit";
import { type FieldState, inputClass } from "~/components/form-fields";
import { FIELD_ERROR_CLASS } from "~/lib/form-styles";
import { answerFieldName, type AssociationChoice, type EventQuestion, OTHER_ASSOCIATION, OTHER_ASSOCIATION_LABEL } from "./event-questions";

type Props = {
  questions: readonly EventQuestion[];
  associations: readonly AssociationChoice[];
  state: FieldState;
  /** A group's line: "men[3]." */
  prefix?: string;
  /** Makes ids unique when several lines ask the same questions. */
  idPrefix?: string;
  /** Shown after each label for a group line ("for line 3"), for screen readers. */
  labelSuffix?: string;
  /** Let the browser insist on required answers (not on a group's lines, which may stay empty). */
  browserRequired?: boolean;
  /** Mark required answers with the admin forms' red asterisk (the desk), beside their other required fields. */
  markRequired?: boolean;
};

export function QuestionInputs({ questions, associations, state, prefix = "", idPrefix = "q", labelSuffix = "", browserRequired = true, markRequired = false }: Props) {
  return (
    <>
      {questions.map((question) => {
        const name = answerFieldName(question.id, prefix);
        const id = `${idPrefix}-${question.id}`;
        const error = state.error(name);
        const errorId = `${id}-error`;
        const common = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined } as const;
        const label = (
          <>
            {question.required && markRequired ? <RequiredLabel>{question.label}</RequiredLabel> : question.label}
            {question.required ? null : <span className="font-normal text-stone-600"> (optional)</span>}
            {labelSuffix ? <span className="sr-only"> {labelSuffix}</span> : null}
          </>
        );
        const value = state.value(name);
        return (
          <div key={question.id}>
            {question.kind === "yesno" ? (
              <fieldset {...common}>
                <legend className="mb-1.5 block text-sm font-medium text-stone-800">{label}</legend>
                <div className="flex gap-3">
                  {(["yes", "no"] as const).map((choice) => (
                    <label key={choice} className="flex items-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2 text-base">
                      <input type="radio" name={name} value={choice} defaultChecked={value === choice} required={browserRequired && question.required} className="size-5" />
                      {choice === "yes" ? "Yes" : "No"}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : (
              <>
                <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
                  {label}
                </label>
                {question.kind === "choice" || question.kind === "association" ? (
                  <select id={id} name={name} defaultValue={value} required={browserRequired && question.required} className={inputClass} {...common}>
                    <option value="">Choose…</option>
                    {question.kind === "choice" ? (
                      question.choices.map((choice) => (
                        <option key={choice} value={choice}>
                          {choice}
                        </option>
                      ))
                    ) : (
                      <AssociationOptions associations={associations} />
                    )}
                  </select>
                ) : (
                  <input
                    id={id}
                    name={name}
                    type="text"
                    defaultValue={value}
                    required={browserRequired && question.required}
                    autoComplete={question.kind === "church" ? "organization" : "off"}
                    className={inputClass}
                    {...common}
                  />
                )}
              </>
            )}
            {error ? (
              <p id={errorId} className={FIELD_ERROR_CLASS}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}

/** The directory's associations by region, then "Other / not listed". */
function AssociationOptions({ associations }: { associations: readonly AssociationChoice[] }) {
  const regions = [...new Set(associations.map((a) => a.region))];
  return (
    <>
      {regions.map((region) => (
        <optgroup key={region} label={region}>
          {associations
            .filter((a) => a.region === region)
            .map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.name}
              </option>
            ))}
        </optgroup>
      ))}
      <option value={OTHER_ASSOCIATION}>{OTHER_ASSOCIATION_LABEL}</option>
    </>
  );
}

/** The state of a form from a refused post's answer (nothing typed, no errors, without one). */
export function fieldStateOf(result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null } | undefined): FieldState {
  return {
    value: (name) => {
      const value = lookup(result?.initialValue ?? undefined, name);
      return typeof value === "string" ? value : "";
    },
    error: (name) => result?.error?.[name]?.[0] ?? undefined,
  };
}

/** A value by conform's field name ("men[3].answer_12") in the nested initial value. */
function lookup(root: unknown, name: string): unknown {
  let node = root;
  for (const part of name.split(/[.[\]]+/).filter(Boolean)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}
