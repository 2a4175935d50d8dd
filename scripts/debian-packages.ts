// Tools from Debian that the test, scan and bench commands need. Installed with apt-get when
// missing (CI machines run as root); otherwise the one command to run is printed.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** A program to look for (a command on PATH or an absolute path) and the package that brings it. */
export type DebianTool = { program: string; package: string };

function present(program: string): boolean {
  return program.startsWith("/") ? existsSync(program) : spawnSync("sh", ["-c", `command -v ${program}`]).status === 0;
}

export function ensureDebianPackages(tools: DebianTool[], purpose: string, extraPackages: string[] = []): void {
  const missing = tools.filter((tool) => !present(tool.program)).map((tool) => tool.package);
  if (missing.length === 0) return;
  const packages = [...missing, ...extraPackages];
  const command = `apt-get update && apt-get install -y ${packages.join(" ")}`;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !present("apt-get")) {
    console.error(`${purpose} needs Debian's ${missing.join(" and ")}. Install with:\n  sudo ${command}`);
    process.exit(1);
  }
  console.log(`Installing Debian's ${missing.join(" and ")} for ${purpose}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...packages]]) {
    if (spawnSync("apt-get", args, { stdio: "inherit", env }).status !== 0) {
      console.error(`Could not install ${missing.join(" and ")}. Run: ${command}`);
      process.exit(1);
    }
  }
}
