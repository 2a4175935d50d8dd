// Every query that touches `event_questions` and `registration_answers` (issue 25, parts 2 and 3;
// docs/decisions/023-questions-and-groups.md):
// - an event's questions: removing one only marks it removed, so its answers stay (and stay in the
//   export under the label they were asked with);
// - answers are written in the registration's own batch, by the new registration's token, so a
//   registration never stands without its answers;
// - what the desk, the door and the export read of them, and the counts by association and region.
import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { event_questions, event_registrations, registration_answers } from "~/db/schema";
import { batchable, getDb, type Db } from "~/db/db.server";
import { activeAssociationsQuery } from "~/features/associations/index.server";
import {
  type Answer,
  type AssociationChoice,
  type AssociationCount,
  BUILT_IN_LABELS,
  type BuiltInSetting,
  choicesOf,
  type EventQuestion,
  type QuestionRow,
  type ShownAnswer,
} from "./event-questions";

const q = event_questions;
const a = registration_answers;

// ----- Questions --------------------------------------------------------------------------------

type QuestionRecord = typeof q.$inferSelect;

function questionOf(row: Pick<QuestionRecord, "id" | "kind" | "label" | "choices" | "required">): EventQuestion {
  let choices: string[] = [];
  if (row.kind === "choice" && row.choices) {
    const parsed: unknown = JSON.parse(row.choices);
    if (Array.isArray(parsed)) choices = parsed.filter((c): c is string => typeof c === "string");
  }
  return { id: row.id, kind: row.kind, label: row.label, choices, required: row.required };
}

/** An event's questions as asked now, in order (the built-in ones first), for a page's batch. */
export function eventQuestionsQuery(db: Db, eventId: number) {
  return db
    .select({ id: q.id, kind: q.kind, label: q.label, choices: q.choices, required: q.required })
    .from(q)
    .where(and(eq(q.event_id, eventId), isNull(q.removed_at)))
    .orderBy(asc(q.position), asc(q.id));
}

/** The rows eventQuestionsQuery read, as the forms ask them. */
export function questionsOf(rows: Awaited<ReturnType<typeof eventQuestionsQuery>>): EventQuestion[] {
  return rows.map(questionOf);
}

/** The directory's active associations, A–Z within their region, for the Association question. */
export function associationChoicesQuery(db: Db) {
  return activeAssociationsQuery(db, "");
}

export function associationChoicesOf(rows: Awaited<ReturnType<typeof associationChoicesQuery>>): AssociationChoice[] {
  return rows.map(({ id, name, region }) => ({ id, name, region }));
}

/** The directory's active associations (the event form says when there are none to choose from). */
export async function associationChoices(): Promise<AssociationChoice[]> {
  return associationChoicesOf(await associationChoicesQuery(getDb()));
}

/** An event's questions and the associations its Association question offers, in one round trip (the desk's Add a registration). */
export async function questionsWithChoices(eventId: number): Promise<{ questions: EventQuestion[]; associations: AssociationChoice[] }> {
  const db = getDb();
  const [questions, associations] = await db.batch([eventQuestionsQuery(db, eventId), associationChoicesQuery(db)]);
  return { questions: questionsOf(questions), associations: associationChoicesOf(associations) };
}

export type QuestionsInput = { questions: QuestionRow[]; association_question: BuiltInSetting; church_question: BuiltInSetting };

/**
 * Saves an event's questions in one batch: rows with a label are updated (by id) or added, in the
 * order of the form; a known row left without a label is marked removed; the built-in questions
 * are switched on (added once), changed or marked removed. Answers are never touched. Answers the
 * questions as asked before and after the save (without ids: a question kept is the same question).
 */
export async function saveEventQuestions(eventId: number, input: QuestionsInput, now = new Date()) {
  const db = getDb();
  const at = now.toISOString();
  const statements = [];
  let position = 0;
  for (const row of input.questions) {
    const values = { kind: row.kind, label: row.label ?? "", choices: row.kind === "choice" ? JSON.stringify(choicesOf(row.choices)) : null, required: row.required };
    if (row.id !== undefined && !row.label) {
      statements.push(db.update(q).set({ removed_at: at, updated_at: at }).where(and(eq(q.id, row.id), eq(q.event_id, eventId), isNull(q.removed_at))));
    } else if (row.id !== undefined) {
      position += 1;
      statements.push(
        db
          .update(q)
          .set({ ...values, position, updated_at: at })
          .where(and(eq(q.id, row.id), eq(q.event_id, eventId), isNull(q.removed_at), inArray(q.kind, ["text", "choice", "yesno"]))),
      );
    } else if (row.label) {
      position += 1;
      statements.push(db.insert(q).values({ ...values, event_id: eventId, position, created_at: at, updated_at: at }));
    }
  }
  for (const [kind, setting, place] of [
    ["association", input.association_question, -2],
    ["church", input.church_question, -1],
  ] as const) {
    const asked = and(eq(q.event_id, eventId), eq(q.kind, kind), isNull(q.removed_at));
    if (setting === "off") {
      statements.push(db.update(q).set({ removed_at: at, updated_at: at }).where(asked));
      continue;
    }
    const required = setting === "required" ? 1 : 0;
    statements.push(db.update(q).set({ required: required === 1, updated_at: at }).where(asked));
    statements.push(
      batchable(
        db.run(sql`INSERT INTO event_questions (event_id, kind, label, required, position, created_at, updated_at)
          SELECT ${eventId}, ${kind}, ${BUILT_IN_LABELS[kind]}, ${required}, ${place}, ${at}, ${at}
          WHERE NOT EXISTS (SELECT 1 FROM event_questions WHERE event_id = ${eventId} AND kind = ${kind} AND removed_at IS NULL)`),
      ),
    );
  }
  // Read before and after the writes, in their batch: what the activity log says the save changed.
  const results = await db.batch([eventQuestionsQuery(db, eventId), ...statements, eventQuestionsQuery(db, eventId)]);
  const asAsked = (rows: unknown) => questionsOf(rows as Awaited<ReturnType<typeof eventQuestionsQuery>>).map(({ id: _id, ...question }) => question);
  return { before: asAsked(results[0]), after: asAsked(results[results.length - 1]) };
}

// ----- Answers ----------------------------------------------------------------------------------

/**
 * For a registration's batch: its answers, written for the registration `which` finds (by its
 * token) at that point of the batch, so they land only if the registration did. One statement per
 * answer keeps each within D1's limit on bound values.
 */
export function answerInsertQueries(db: Db, answers: readonly Answer[], which: SQL) {
  return answers.map((answer) =>
    batchable(
      db.all<{ id: number }>(sql`INSERT INTO registration_answers (registration_id, event_id, question_id, label, value, association_id)
        SELECT t.id, t.event_id, ${answer.question_id}, ${answer.label}, ${answer.value}, ${answer.association_id}
        FROM event_registrations t WHERE ${which}
        RETURNING id`),
    ),
  );
}

/** The answers of the given registrations (ids, or a query of their ids), for a page's batch. */
export function answersOfQuery(db: Db, registrationIds: readonly number[] | SQLWrapper) {
  const ids = Array.isArray(registrationIds) ? (registrationIds.length ? [...registrationIds] : [-1]) : (registrationIds as SQLWrapper);
  return db
    .select({ registration_id: a.registration_id, label: a.label, value: a.value, position: sql<number>`COALESCE((SELECT position FROM event_questions WHERE id = ${a.question_id} AND removed_at IS NULL), 1000000)` })
    .from(a)
    .where(inArray(a.registration_id, ids))
    .orderBy(sql`4`, asc(a.question_id));
}

/** The answers of the registration a private link's token names, in the questions' order, for its page's batch. */
export function answersOfTokenQuery(db: Db, token: string) {
  return answersOfQuery(db, db.select({ id: event_registrations.id }).from(event_registrations).where(eq(event_registrations.token, token)));
}

/** The rows answersOfQuery read, by registration id, in the questions' order. */
export function answersByRegistrationOf(rows: Awaited<ReturnType<typeof answersOfQuery>>): Map<number, ShownAnswer[]> {
  const byId = new Map<number, ShownAnswer[]>();
  for (const row of rows) {
    const list = byId.get(row.registration_id) ?? [];
    list.push({ label: row.label, value: row.value });
    byId.set(row.registration_id, list);
  }
  return byId;
}

// ----- The export's columns ---------------------------------------------------------------------

/** One CSV column per question: the questions asked now in their order, then removed ones under their last label. */
export type AnswerColumn = { question_id: number; label: string };

export async function answerColumns(eventId: number): Promise<AnswerColumn[]> {
  const db = getDb();
  const [asked, answered] = await db.batch([
    db.select({ question_id: q.id, label: q.label }).from(q).where(and(eq(q.event_id, eventId), isNull(q.removed_at))).orderBy(asc(q.position), asc(q.id)),
    batchable(db.all<AnswerColumn>(sql`SELECT question_id, (SELECT label FROM registration_answers l WHERE l.event_id = ${eventId} AND l.question_id = x.question_id ORDER BY l.id DESC LIMIT 1) AS label
      FROM registration_answers x WHERE x.event_id = ${eventId} GROUP BY question_id ORDER BY question_id`)),
  ]);
  const known = new Set(asked.map((column) => column.question_id));
  return [...asked, ...answered.filter((column) => !known.has(column.question_id))];
}

/** The answers of a page of exported registrations: registration id → question id → value. */
export async function answersForExport(registrationIds: readonly number[]): Promise<Map<number, Map<number, string>>> {
  const rows = registrationIds.length
    ? await getDb()
        .select({ registration_id: a.registration_id, question_id: a.question_id, value: a.value })
        .from(a)
        .where(inArray(a.registration_id, [...registrationIds]))
    : [];
  const byId = new Map<number, Map<number, string>>();
  for (const row of rows) {
    const answers = byId.get(row.registration_id) ?? new Map<number, string>();
    answers.set(row.question_id, row.value);
    byId.set(row.registration_id, answers);
  }
  return byId;
}

// ----- Counts by association and region (part 3) ---------------------------------------------------

/**
 * Confirmed, waiting and checked-in registrations of an event by the association they answered
 * (by its region from the directory; "Not given" when they did not answer), largest first.
 */
export function associationCountsQuery(db: Db, eventId: number) {
  return batchable(db.all<AssociationCount>(sql`SELECT COALESCE(ans.value, 'Not given') AS name,
      COALESCE(assoc.region, CASE WHEN ans.value IS NULL THEN 'Not given' ELSE 'Other' END) AS region,
      count(*) FILTER (WHERE r.status = 'confirmed') AS confirmed,
      count(*) FILTER (WHERE r.status = 'waitlisted') AS waitlisted,
      count(*) FILTER (WHERE r.checked_in_at IS NOT NULL) AS checkedIn
    FROM event_registrations r
    LEFT JOIN registration_answers ans ON ans.registration_id = r.id
      AND ans.question_id IN (SELECT id FROM event_questions WHERE event_id = ${eventId} AND kind = 'association')
    LEFT JOIN associations assoc ON assoc.id = ans.association_id
    WHERE r.event_id = ${eventId} AND r.status <> 'cancelled'
    GROUP BY 1, 2
    ORDER BY confirmed DESC, name`));
}

/** Whether the event asks (or asked) the Association question, and associationCountsQuery: for a page's batch. */
export function associationCountsQueries(db: Db, eventId: number) {
  return [db.select({ id: q.id }).from(q).where(and(eq(q.event_id, eventId), eq(q.kind, "association"))).limit(1), associationCountsQuery(db, eventId)] as const;
}

/** From associationCountsQueries' rows: the counts by association and by region, or null when the event does not ask for the association. */
export function associationCountsOf(asks: readonly { id: number }[], rows: AssociationCount[]): { byAssociation: AssociationCount[]; byRegion: AssociationCount[] } | null {
  if (!asks[0]) return null;
  const regions = new Map<string, AssociationCount>();
  for (const row of rows) {
    const region = regions.get(row.region) ?? { name: row.region, region: row.region, confirmed: 0, waitlisted: 0, checkedIn: 0 };
    region.confirmed += row.confirmed;
    region.waitlisted += row.waitlisted;
    region.checkedIn += row.checkedIn;
    regions.set(row.region, region);
  }
  return { byAssociation: rows, byRegion: [...regions.values()].sort((x, y) => y.confirmed - x.confirmed || x.name.localeCompare(y.name)) };
}

/** The association each of the given registrations answered (for the door list grouped by association). */
export async function associationOfRegistrations(eventId: number): Promise<Map<number, string>> {
  const rows = await getDb().all<{ registration_id: number; value: string }>(sql`SELECT ans.registration_id, ans.value FROM registration_answers ans
    WHERE ans.event_id = ${eventId} AND ans.question_id IN (SELECT id FROM event_questions WHERE event_id = ${eventId} AND kind = 'association')`);
  return new Map(rows.map((row) => [row.registration_id, row.value]));
}
