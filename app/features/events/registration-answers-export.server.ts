// The registrations CSV with the answers (issue 25, part 2): the existing columns first, then one
// column per question, the questions asked now in their order, then removed ones under the label
// they were last asked with, so editing questions never loses an answer from the export.
import { answerColumns, answersForExport } from "./event-questions.server";
import { registrationCsvRow, REGISTRATIONS_CSV_HEADER } from "./registration-exports.server";
import { type Registration, registrationsAfter } from "./registrations.server";

type WithAnswers = Registration & { answers: Map<number, string> };

/** The header, the page reader and the row writer for csvStream. */
export async function registrationsCsvWithAnswers(eventId: number) {
  const columns = await answerColumns(eventId);
  return {
    header: [...REGISTRATIONS_CSV_HEADER, ...columns.map((column) => column.label)],
    pageAfter: async (after: WithAnswers | null): Promise<WithAnswers[]> => {
      const rows = await registrationsAfter(eventId, after);
      const answers = columns.length ? await answersForExport(rows.map((row) => row.id)) : new Map<number, Map<number, string>>();
      return rows.map((row) => ({ ...row, answers: answers.get(row.id) ?? new Map<number, string>() }));
    },
    row: (r: WithAnswers) => [...registrationCsvRow(r), ...columns.map((column) => r.answers.get(column.question_id) ?? "")],
  };
}
