// The W3C Nu HTML checker (npm vnu-jar, on the machine's Java) finds no errors on the public pages.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "./support/pages.ts";


type VnuMessage = { type: string; subType?: string; message: string; url: string; lastLine?: number; extract?: string };

test("the public pages are valid HTML @desktop", async ({ request }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const files = new Map<string, string>();
    for (const [index, path] of PUBLIC_PAGES.entries()) {
      const response = await request.get(path);
      const file = join(dir, `page-${index}.html`);
      writeFileSync(file, await response.text());
      files.set(`file:${file}`, path);
    }
    const run = spawnSync(
      "java",
      ["-jar", "node_modules/vnu-jar/build/dist/vnu.jar", "--format", "json", "--stdout", "--exit-zero-always", ...[...files.keys()].map((f) => f.slice(5))],
      { encoding: "utf8" },
    );
    const raw = run.stdout.trim();
    const report = JSON.parse(raw.slice(raw.indexOf("{")) || "{}") as { messages?: VnuMessage[] };
    const errors = (report.messages ?? [])
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => `${files.get(m.url) ?? m.url}:${m.lastLine ?? "?"} ${m.message} ${m.extract ?? ""}`.trim());
    expect(report.messages, "the checker ran and reported").toBeDefined();
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
