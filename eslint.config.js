// Lint: typescript-eslint's recommended rules, React hooks rules, no import cycles, and the layering of
// docs/architecture.md: content ← schemas ← scripts (the build) ← server (what `npm start` runs); the
// browser side goes one way, ui (shared components) ← sections/<type> (renderers) ← src (the app), and
// may use schemas' types and the generated modules, never scripts; the product (schemas, sections,
// scripts, server, ui, src, admin) never imports the developers' tools (tools/) or the tests (tests/).
// The developers' tools (tools/) go one way too: tests/ may import tools/ (a test of a tool, the shared
// browser finder and copy of the project), tools/ never imports tests/, but for the benchmarks
// (tools/bench/), which set up what they measure with the tests' helpers and facts; tools/shared/ (what
// the runner, the benchmarks and the tests share) imports no other room of tools/.
// A section's folder (sections/<type>/) holds both layers, told apart by file
// (docs/decisions/0017-a-section-is-one-folder.md): its schema.ts is the schema layer, its renderer
// (<Type>.tsx) the app layer, its test (<type>.test.tsx) a test.
import js from "@eslint/js";
import globals from "globals";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import cycles from "./tools/lint/cycles.mjs";
import islands from "./tools/lint/islands.mjs";

const layer = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { "no-restricted-imports": ["error", { patterns }] },
});
const sectionSchema = "sections/*/schema.ts";
const sectionRenderer = "sections/*/*.tsx";
const sectionTest = "sections/*/*.test.tsx";
// Any file of a section's folder but its schema.
const sectionFiles = ["**/sections/*/*", "!**/sections/*/schema", "!**/sections/*/schema.ts"];
const schemaLayer = [
  {
    group: ["**/src/**", "**/ui/**", "**/scripts/**", "**/server/**", "**/tools/**", "**/tests/**"],
    message: "schemas/ imports only zod and other schemas.",
  },
  { group: ["node:*", "react", "react-*"], message: "schemas/ stays free of Node and React." },
  { group: sectionFiles, message: "A schema imports a section's schema.ts, never its renderer, styles or test." },
];

const scriptsLayer = [
  { group: ["**/src/**", "**/ui/**"], message: "scripts/ never imports src/ or ui/ (only the build's output)." },
  {
    group: ["**/tests/**", "**/tools/**", "**/server/**"],
    message: "the build never imports the tests, the tools or the server.",
  },
  { group: sectionFiles, message: "scripts/ uses a section's schema.ts (through schemas/), never its renderer." },
];

// The developers' tools never import the app, nor the tests (but the benchmarks, below).
const toolsNotTheApp = {
  group: ["**/src/**", "**/ui/**"],
  message: "tools/ never imports the app (src/) or its components (ui/).",
};
const toolsNotTheTests = {
  group: ["**/tests/**"],
  message:
    "tools/ never imports tests/ (tests import tools/); only tools/bench/ may use tests/helpers/ and tests/content-facts.ts.",
};

// What runs in the browser: the app (src/), the renderers and the shared components (ui/).
const browserLayer = [
  {
    group: ["**/scripts/**", "**/server/**", "**/tools/**", "**/tests/**"],
    message: "Browser code never imports scripts/, server/, tools/ or tests/.",
  },
  { group: ["node:*"], message: "Browser code runs in the browser." },
  {
    regex: "(^|/)schemas(/(?!(lead-limits|links|when)(\\.ts)?$)|$)",
    allowTypeImports: true,
    message: "Browser code uses schemas/ for types only (and the Zod-free lead-limits.ts, links.ts and when.ts).",
  },
  {
    group: ["**/sections/*/schema", "**/sections/*/schema.ts", "./schema", "./schema.ts"],
    allowTypeImports: true,
    message: "Browser code uses a section's schema.ts for types only.",
  },
];

// The product's folders (not tools/ or tests/), held to the size limits below.
const productFiles = ["{admin,server,scripts,schemas,sections,ui,src}/**/*.{ts,tsx,mts,mjs,js}"];

export default tseslint.config(
  {
    ignores: ["dist", ".sites", "src/generated", "node_modules", ".bench", ".ssr", ".size-floor", ".vite", "coverage"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  // Decap hands /admin/ untyped values (Immutable entries, fields, its store): admin/decap/decap.ts alone reads
  // them, as `any`, and gives the rest of admin/ plain typed values (contracts.ts checks them, as `any` too). `any` anywhere else in admin/ is
  // an error no comment can switch off.
  {
    files: ["admin/**"],
    ignores: ["admin/decap/decap.ts", "admin/decap/contract*.ts"],
    linterOptions: { noInlineConfig: true },
    rules: { "@typescript-eslint/no-explicit-any": "error" },
  },
  {
    files: ["admin/decap/decap.ts", "admin/decap/contract*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  // No import cycles (as bulletproof-react): a cycle makes load order matter, and tangles layers.
  // Type-only imports count too (tools/lint/cycles.mjs, which reads the graph once per run):
  // eslint-plugin-import's import/no-cycle skipped them, and is no longer needed beside it.
  {
    files: ["**/*.{ts,tsx,mts,mjs,js}"],
    plugins: { cycles },
    rules: { "cycles/no-cycle": "error" },
  },
  {
    files: ["src/**/*.{ts,tsx}", "ui/**/*.{ts,tsx}", "sections/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ["src/**/*.tsx", "ui/**/*.tsx", "sections/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  // Only islands are hydrated on the live site: a handler anywhere else is dead there (tools/lint/islands.mjs).
  {
    files: ["src/**/*.tsx", "ui/**/*.tsx", "sections/**/*.tsx"],
    ignores: [sectionTest],
    plugins: { islands },
    rules: { "islands/live-handlers": "error" },
  },
  // Each file one idea, each function one step (issue 48): a long function or file is split, not grown.
  // Blank lines and comments do not count. A function allowed over says why where it starts
  // (`eslint-disable-next-line max-lines-per-function -- <why>`); a file allowed over would be listed below
  // with its reason (none is).
  {
    files: productFiles,
    rules: {
      "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }],
      "max-lines": ["error", { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  layer(["schemas/**"], schemaLayer),
  layer(
    [sectionSchema],
    [...schemaLayer, { group: ["./*", "!./schema.ts"], message: "A section's schema.ts imports nothing beside it." }],
  ),
  // The browser side, one way: the app (src/) uses the renderers (sections/<type>/) and the shared
  // components (ui/); a renderer uses ui/, never the app; ui/ uses neither.
  layer(["src/**"], browserLayer),
  layer(
    [sectionRenderer],
    [...browserLayer, { group: ["**/src/**"], message: "A renderer uses ui/ and schemas, never the app in src/." }],
    [sectionTest],
  ),
  layer(
    ["ui/**"],
    [
      ...browserLayer,
      {
        group: ["**/src/**", ...sectionFiles],
        message: "ui/ is shared by the app and the renderers: it never imports src/ or a section's renderer.",
      },
    ],
  ),
  // tools/: its rooms (docs/architecture.md) and one direction with tests/.
  layer(["tools/**"], [toolsNotTheApp, toolsNotTheTests], ["tools/bench/**"]),
  layer(
    ["tools/bench/**"],
    [
      toolsNotTheApp,
      {
        regex: "(^|/)tests/(?!helpers/|content-facts\\.ts$)",
        message:
          "a benchmark may use the tests' helpers (tests/helpers/) and facts (tests/content-facts.ts), nothing else of tests/.",
      },
    ],
  ),
  layer(
    ["tools/shared/**"],
    [
      toolsNotTheApp,
      toolsNotTheTests,
      {
        group: ["../run/**", "../bench/**", "../ci/**", "../lint/**", "**/tools/*/**", "!**/tools/shared/**"],
        message: "tools/shared/ is what the other rooms share: it imports none of them (run/, bench/, ci/, lint/).",
      },
    ],
  ),
  layer(["scripts/**"], scriptsLayer),
  // The content pipeline's parts (docs/architecture.md): its stages, positions and wording, and images
  // work the same without the speed machinery, and know nothing of the CLI, the dev server or the CMS.
  layer(
    ["scripts/content/stages/**", "scripts/content/problems/**", "scripts/content/images/**"],
    [
      ...scriptsLayer,
      {
        group: ["**/speed/**", "**/dev/**", "**/cli/**", "**/cms/**", "**/content/pipeline*"],
        message:
          "a stage (and positions, wording, images) never imports the speed machinery, the CLI, the dev server, the CMS or the pipeline that runs it.",
      },
    ],
  ),
  layer(
    ["server/**"],
    [
      {
        group: ["**/src/**", "**/ui/**", "**/tests/**", "**/tools/**"],
        message: "the server never imports src/, ui/, the tests or the tools.",
      },
    ],
  ),
  layer(
    ["admin/**"],
    [
      {
        group: ["**/tests/**", "**/tools/**", "**/server/**"],
        message: "admin/ never imports the tests, the tools or the server.",
      },
      // Decap's door (admin/decap/internals.ts): its modules are imported in admin/decap/ only.
      {
        group: ["decap-cms-*", "immutable"],
        message: "Decap and its Immutable values are reached through admin/decap/ (decap.ts) only.",
      },
    ],
    ["admin/decap/**"],
  ),
  layer(
    ["admin/decap/**"],
    [
      {
        group: ["**/tests/**", "**/tools/**", "**/server/**"],
        message: "admin/ never imports the tests, the tools or the server.",
      },
    ],
  ),
);
