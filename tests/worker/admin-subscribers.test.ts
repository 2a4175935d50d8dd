import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { createAdmin, postForm, request, runSql, signIn } from "./helpers";

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
