// Fails when the project's own modules import each other in a circle, type-only imports included:
// a cycle makes two modules one, so neither can be read or changed alone. Part of `npm test`.
// React Router's generated route types (`./+types/*`) are not our code and are left out.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { ROOT } from "./lib.ts";

const SOURCE_DIRS = ["app", "workers", "scripts", "tests"];
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name.startsWith(".") ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The project file an import names, or null for packages, virtual modules and generated types. */
function resolveImport(from: string, specifier: string): string | null {
  if (specifier.includes("/+types/")) return null;
  const base = specifier.startsWith("~/")
    ? join(ROOT, "app", specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (base === null) return null;
  if (/\.(ts|tsx)$/.test(base) && existsSync(base)) return base;
  return EXTENSIONS.map((extension) => base + extension).find((path) => existsSync(path)) ?? null;
}

const files = SOURCE_DIRS.map((dir) => join(ROOT, dir)).filter(existsSync).flatMap(sourceFiles);
const imports = new Map<string, string[]>();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, false);
  imports.set(file, importedFiles.map((imported) => resolveImport(file, imported.fileName)).filter((path): path is string => path !== null));
}

// Tarjan's strongly connected components: any component of more than one file is a cycle.
let index = 0;
const order = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];

function visit(file: string) {
  order.set(file, index);
  low.set(file, index);
  index += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of imports.get(file) ?? []) {
    if (!order.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file)!, low.get(next)!));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
  }
  if (low.get(file) !== order.get(file)) return;
  const component: string[] = [];
  let member: string;
  do {
    member = stack.pop()!;
    onStack.delete(member);
    component.push(member);
  } while (member !== file);
  if (component.length > 1 || (imports.get(file) ?? []).includes(file)) cycles.push(component);
}

for (const file of files) if (!order.has(file)) visit(file);

if (cycles.length > 0) {
  console.error(`${cycles.length} import cycle(s):`);
  for (const cycle of cycles) console.error(`- ${cycle.map((file) => relative(ROOT, file)).sort().join(" <-> ")}`);
  process.exit(1);
}
console.log(`No import cycles among ${files.length} files.`);
