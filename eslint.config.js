import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers (docs/decisions/018-feature-folders.md): shared code -> features -> routes and the Worker.
// A feature is a folder of app/features; others reach it only through its public modules.
const FEATURES = readdirSync("app/features");
// Which features each may use (the table in decision 018), from the bottom of the chain to the top.
// A feature uses those listed, and only through their public modules; none uses one above it.
/** @type {Record<string, string[]>} */
const MAY_USE = {
  accounts: [],
  images: [],
  history: [],
  associations: ["history"],
  publishing: ["history", "images"],
  settings: ["accounts", "history", "images"],
  events: ["accounts", "associations", "history", "images", "settings"],
  payments: ["accounts", "events"],
  messaging: ["accounts", "events", "payments", "publishing", "settings"],
  site: ["accounts", "associations", "events", "images", "messaging", "payments", "publishing", "settings"],
};
const unplaced = FEATURES.filter((feature) => !MAY_USE[feature]);
if (unplaced.length) throw new Error(`eslint.config.js: say in MAY_USE which features ${unplaced.join(", ")} may use (docs/decisions/018-feature-folders.md).`);
// index.ts: what the browser may load too; index.server.ts: server only; islands.ts: the feature's
// islands, which the islands script (app/islands/main.ts) starts without pulling in the rest of it.
const PUBLIC_MODULES = ["index.ts", "index.server.ts", "islands.ts"];
/** @param {string[]} features */
const publicModulesOf = (features) => features.flatMap((feature) => PUBLIC_MODULES.map((file) => `./${feature}/${file}`));
// The islands' entry (main.ts) starts the features' islands too; the other islands are shared UI.
// The seeds (app/db/seed) run under plain Node, which knows no `~/` paths: they import the few plain
// modules they need by their path, like the npm scripts.
const SHARED = ["./app/db/schema.ts", "./app/db/db.server.ts", "./app/lib", "./app/server", "./app/components", "./app/islands/!(main).ts"];
const APP = ["./app/routes", "./app/root.tsx", "./app/entry.server.tsx", "./app/islands/main.ts", "./workers"];

const layers = [
  {
    target: SHARED,
    from: ["./app/features", ...APP],
    message: "Shared code knows no feature and no route: move this code into the feature, or pass what it needs in.",
  },
  {
    target: "./app/features",
    from: APP,
    message: "A feature does not import routes or the Worker: they import it.",
  },
  ...FEATURES.map((feature) => ({
    target: `./app/features/${feature}`,
    from: "./app/features",
    except: [`./${feature}`, ...publicModulesOf(MAY_USE[feature])],
    message: `A feature uses another only through its public modules (index.ts; index.server.ts on the server; islands.ts for the islands script), and ${feature} uses only ${MAY_USE[feature].join(", ") || "shared code"} (MAY_USE, docs/decisions/018-feature-folders.md).`,
  })),
  {
    target: APP,
    from: "./app/features",
    except: publicModulesOf(FEATURES),
    message: "Routes and the Worker use a feature through its public modules (index.ts; index.server.ts on the server; islands.ts for the islands script).",
  },
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", ".wrangler/", ".tmp/", "node_modules/", "public/", "tools/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-namespace": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.cloudflare.json" })] },
    rules: { "import-x/no-restricted-paths": ["error", { zones: layers }] },
  },
  {
    files: ["workers/sw.js"],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ["scripts/**/*.{js,mjs,ts}", "*.config.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
);
