// What the Worker writes to its logs never holds a whole private-page token (a registration's
// private page, the newsletter's confirm and unsubscribe links): a path is logged with its token cut
// to the first 6 characters (issue 28).
import { afterEach, describe, expect, it, vi } from "vitest";
import { request, runSql, seedDemo } from "./helpers";

afterEach(() => vi.restoreAllMocks());

/** Everything written to the console while `run` runs, as one text. */
async function logged(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => {
    lines.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack ?? ""}` : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
  };
  for (const method of ["log", "info", "warn", "error", "debug"] as const) vi.spyOn(console, method).mockImplementation(keep);
  await run();
  return lines.join("\n");
}

describe("the Worker's logs", () => {
  it("never hold a whole private-page token, known or unknown, even when the page fails", async () => {
    await seedDemo();
    const known = "KnownToken0123456789ab";
    await runSql([`UPDATE event_registrations SET token = '${known}' WHERE id = (SELECT min(id) FROM event_registrations)`]);
    const unknown = "UnknownTok0123456789cd";
    const paths = [
      `/registrations/${known}`,
      `/registrations/${unknown}`,
      `/registrations/${known}/more`,
      `/registrations/${unknown}.data`,
      `/newsletter/confirm/${unknown}`,
      `/newsletter/unsubscribe/${unknown}`,
      `/newsletter/unsubscribe/${unknown}/x`,
      // A registration's short link (an SMS's: its token is the registration's), a group's and a gift's page.
      `/r/${unknown}/x`,
      `/groups/${unknown}`,
      `/groups/${unknown}/x`,
      `/give/${unknown}`,
      `/give/${unknown}/x`,
    ];
    const text = await logged(async () => {
      for (const path of paths) await (await request(path)).text();
      // A post to a page that has no form (405) names its path too.
      for (const path of [`/r/${known}`, `/give/${unknown}`]) await (await request(path, { method: "POST", body: new URLSearchParams({ a: "1" }) })).text();
      // A page that fails (the database gone) is logged with its path.
      await runSql(["DROP TABLE event_registrations"]);
      for (const path of [`/registrations/${known}`, `/registrations/${unknown}`]) expect((await request(path)).status).toBe(500);
    });
    expect(text).toContain("/registrations/KnownT");
    for (const token of [known, unknown]) expect(text).not.toContain(token);
  });
});
