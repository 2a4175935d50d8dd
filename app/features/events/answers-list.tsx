// A registration's answers to the event's questions (issue 25, part 2), as the desk and the door
// show them under the person's name: "Accommodation: Hostel". Door volunteers see them too: they are
// not contact details.
import type { ShownAnswer } from "./event-questions";

/** "Accommodation:", but "T-shirt size?" as it was asked, not "T-shirt size?:". */
function answerLabel(label: string): string {
  return /[?:]\s*$/.test(label) ? label.trimEnd() : `${label}:`;
}

export function AnswersList({ answers }: { answers: readonly ShownAnswer[] | undefined }) {
  if (!answers?.length) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-stone-700">
      {answers.map((answer, index) => (
        <li key={index} className="break-words">
          <span className="text-stone-600">{answerLabel(answer.label)}</span> {answer.value}
        </li>
      ))}
    </ul>
  );
}
