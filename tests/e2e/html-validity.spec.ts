// The W3C Nu HTML checker (npm vnu-jar, on the machine's Java) finds no errors on the public pages,
// nor on the admin's (as the server sends them, signed in as the Administrator).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { signIn } from "./support/admin.ts";
import { ADMIN_PAGES, PUBLIC_PAGES } from "./support/pages.ts";


type VnuMessage = { type: string; subType?: string; message: string; url: string; lastLine?: number; extract?: string };

/** The checker's errors on each page (none when it is valid), each with its page and line. */
async function htmlErrors(request: APIRequestContext, paths: readonly string[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const files = new Map<string, string>();
    for (const [index, path] of paths.entries()) {
      const response = await request.get(path, { maxRedirects: 0 });
      // A page, not a redirect (to the sign-in, say), is what gets checked.
      expect(response.headers()["location"], path).toBeUndefined();
      const file = join(dir, `page-${index}.html`);
      writeFileSync(file, await response.text());
      files.set(`file:${file}`, path);
    }
    // Errors only: React writes void elements as `<input />`, and the checker's note on each of
    // them (2,500 on the admin pages) filled spawnSync's 1 MB of output, cutting the report short.
    const run = spawnSync(
      "java",
      ["-jar", "node_modules/vnu-jar/build/dist/vnu.jar", "--format", "json", "--stdout", "--exit-zero-always", "--errors-only", ...[...files.keys()].map((f) => f.slice(5))],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    if (run.error) throw new Error(`The HTML checker did not run to the end: ${run.error.message}`);
    const raw = run.stdout.trim();
    const report = JSON.parse(raw.slice(raw.indexOf("{")) || "{}") as { messages?: VnuMessage[] };
    expect(report.messages, "the checker ran and reported").toBeDefined();
    return (report.messages ?? [])
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${files.get(m.url) ?? m.url}:${m.lastLine ?? "?"} ${m.message} ${m.extract ?? ""}`.trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("the public pages are valid HTML @desktop", async ({ request }) => {
  test.setTimeout(120_000);
  expect(await htmlErrors(request, PUBLIC_PAGES)).toEqual([]);
});

test("the admin pages are valid HTML @desktop", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  expect(await htmlErrors(page.request, ADMIN_PAGES)).toEqual([]);
});
