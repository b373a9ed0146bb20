// Lint: typescript-eslint's recommended rules, React hooks rules, and the layering of DESIGN.md
// (content ← schemas ← scripts; src may use schemas' types and the generated modules, never scripts).
import js from "@eslint/js";
import globals from "globals";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const layer = (files, patterns) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns }] },
});

export default tseslint.config(
  { ignores: ["dist", "src/generated", "node_modules", ".bench", ".ssr", ".size-floor", "coverage"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  { files: ["src/**/*.{ts,tsx}"], plugins: { "react-hooks": reactHooks }, rules: reactHooks.configs.recommended.rules },
  { files: ["src/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  layer(
    ["schemas/**"],
    [
      { group: ["**/src/**", "**/scripts/**", "**/tests/**"], message: "schemas/ imports only zod and other schemas." },
      { group: ["node:*", "react", "react-*"], message: "schemas/ stays free of Node and React." },
    ],
  ),
  layer(
    ["src/**"],
    [
      { group: ["**/scripts/**", "**/tests/**"], message: "src/ never imports scripts/ or tests/." },
      { group: ["node:*"], message: "src/ runs in the browser." },
      {
        regex: "(^|/)schemas(/(?!lead-limits\\.ts$)|$)",
        allowTypeImports: true,
        message: "src/ uses schemas/ for types only (and the Zod-free lead-limits.ts).",
      },
    ],
  ),
  layer(
    ["scripts/**"],
    [{ group: ["**/src/**", "**/tests/**"], message: "scripts/ never imports src/ (only its build output)." }],
  ),
);
