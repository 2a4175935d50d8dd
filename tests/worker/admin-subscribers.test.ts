import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, postForm, request, runSql, signIn, toastOf } from "./helpers";
import { textOf } from "./public-helpers";

let cookie: string;
beforeEach(async () => {
  await createAdmin();
  cookie = await signIn();
});

describe("subscribers", () => {
  it("lists subscribers newest first and removes one", async () => {
    await runSql([
      "INSERT INTO newsletter_subscribers (email, created_at) VALUES ('old@example.mw', '2026-01-01T08:00:00.000Z'), ('new@example.mw', '2026-06-01T08:00:00.000Z')",
    ]);
    const body = await (await request("/admin/subscribers", { cookie })).text();
    expect(body.indexOf("new@example.mw")).toBeLessThan(body.indexOf("old@example.mw"));
    expect(body).toContain("2 people have subscribed to news from the website; 0 confirmed their addresses");
    expect(body).toContain("waiting for confirmation");
    const { id } = (await env.DB.prepare("SELECT id FROM newsletter_subscribers WHERE email = 'old@example.mw'").first<{ id: number }>())!;
    expect((await postForm("/admin/subscribers", { intent: "remove", id: String(id) }, { cookie })).status).toBe(302);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM newsletter_subscribers").first())!.n).toBe(1);
  });

  it("asks before removing a subscriber (also without JavaScript), names the address in the log, and a second removal changes nothing", async () => {
    await runSql(["INSERT INTO newsletter_subscribers (id, email, created_at, confirmed_at) VALUES (7, 'tiyamike@example.mw', '2026-01-01T08:00:00.000Z', '2026-01-01T09:00:00.000Z')"]);
    // The list's "Remove" only opens the question: no form on the list posts a removal.
    const list = await (await request("/admin/subscribers", { cookie })).text();
    expect(list).toMatch(/<a [^>]*href="\/admin\/subscribers\?remove=7"[^>]*aria-label="Remove tiyamike@example.mw"|<a [^>]*aria-label="Remove tiyamike@example.mw"[^>]*href="\/admin\/subscribers\?remove=7"/);
    // The button that removes is in the question, closed until asked.
    expect(list).toMatch(/<dialog (?![^>]*\bopen)[^>]*>(?:(?!<\/dialog>).)*Remove subscriber\?/s);
    // Its address opens the question, the page rendered with it, before any script.
    const asked = await (await request("/admin/subscribers?remove=7", { cookie })).text();
    expect(textOf(asked)).toContain("Remove subscriber?");
    expect(textOf(asked)).toContain("tiyamike@example.mw will get no more newsletters. To get them again, they must subscribe and confirm their address again. This cannot be undone.");
    expect(asked).toMatch(/<dialog (?=[^>]*\bopen)[^>]*>(?:(?!<\/dialog>).)*<button [^>]*value="remove"[^>]*>Remove<\/button>/s);
    const removed = await postForm("/admin/subscribers", { intent: "remove", id: "7" }, { cookie });
    expect(removed.status).toBe(302);
    expect(await toastOf(removed)).toMatchObject({ title: "Subscriber removed", description: "tiyamike@example.mw gets no more newsletters." });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM newsletter_subscribers").first()).toMatchObject({ n: 0 });
    const log = await env.DB.prepare("SELECT action, target FROM activity_log WHERE action = 'Removed'").all();
    expect(log.results).toEqual([{ action: "Removed", target: expect.stringContaining("tiyamike@example.mw") }]);
    // Pressed twice (or by two staff): nothing more is removed or logged.
    const again = await postForm("/admin/subscribers", { intent: "remove", id: "7" }, { cookie });
    expect(await toastOf(again)).toMatchObject({ title: "Already removed" });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM activity_log WHERE action = 'Removed'").first())!.n).toBe(1);
  });

  it("exports everyone as CSV, in Malawi time, with hostile cells neutralised", async () => {
    await runSql([
      "INSERT INTO newsletter_subscribers (email, created_at, confirmed_at) VALUES ('=cmd|calc@example.mw', '2026-03-01T22:30:00.000Z', NULL), ('plain@example.mw', '2026-03-02T06:00:00.000Z', '2026-03-02T07:15:00.000Z')",
    ]);
    const response = await request("/api/admin/subscribers.csv", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="subscribers.csv"');
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toBe(
      '\uFEFF"Email","Subscribed","Confirmed"\r\n"plain@example.mw","Mar 2, 2026 08:00","Mar 2, 2026 09:15"\r\n"\'=cmd|calc@example.mw","Mar 2, 2026 00:30","Not yet"\r\n',
    );
    expect((await request("/api/admin/subscribers.csv")).status).toBe(401);
  });
});
