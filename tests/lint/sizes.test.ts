/**
 * The size limits (issue 48): `npm run lint`'s configuration holds every product file to ESLint's
 * max-lines-per-function (80) and max-lines (300), blank lines and comments not counted, and not the
 * tools or the tests; a function one line over fails; and the exceptions stay few and explained: at
 * most 8 functions (each `eslint-disable-next-line max-lines-per-function -- <why>`) and 4 files.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ESLint, Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const productFolders = ["admin", "server", "scripts", "schemas", "sections", "ui", "src"];
const sizeRules = ["max-lines-per-function", "max-lines"] as const;

/** The product's source files, as paths from the root. */
function productFiles(): string[] {
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "generated" && entry.name !== "node_modules") visit(path);
      } else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name)) files.push(path);
    }
  };
  for (const folder of productFolders) visit(folder);
  return files;
}

describe("the size limits", () => {
  const eslint = new ESLint({ cwd: root });

  it("apply to a file of every product folder, and not to the tools or the tests", async () => {
    for (const file of [
      "admin/main.tsx",
      "server/run.ts",
      "scripts/hosting/nginx.ts",
      "schemas/index.ts",
      "src/App.tsx",
      "ui/components/LeadForm.tsx",
    ]) {
      const rules = (await eslint.calculateConfigForFile(join(root, file))).rules ?? {};
      expect(rules["max-lines-per-function"], file).toEqual([2, { max: 80, skipBlankLines: true, skipComments: true }]);
      expect(rules["max-lines"], file).toEqual([2, { max: 300, skipBlankLines: true, skipComments: true }]);
    }
    for (const file of ["tools/steps.ts", "tests/lint/cycles.test.ts"]) {
      const rules = (await eslint.calculateConfigForFile(join(root, file))).rules ?? {};
      for (const rule of sizeRules) expect(rules[rule], `${rule} in ${file}`).toBeUndefined();
    }
  });

  it("fail a product function one line over, and pass one at the limit", async () => {
    const { rules } = await eslint.calculateConfigForFile(join(root, "server/run.ts"));
    const linter = new Linter();
    const lint = (lines: number) =>
      linter.verify(
        `export function f(): number {\n${"  void 0;\n".repeat(lines - 3)}  return 1;\n}\n`,
        {
          files: ["**/*.ts"],
          languageOptions: { parser: tseslint.parser },
          rules: { "max-lines-per-function": rules!["max-lines-per-function"] },
        },
        "server/example.ts",
      );
    expect(lint(80)).toEqual([]);
    expect(lint(81).map((message) => message.ruleId)).toEqual(["max-lines-per-function"]);
  });

  it("are switched off for at most 8 functions and 4 files, each with its reason", async () => {
    const functions: string[] = [];
    const files: string[] = [];
    for (const file of productFiles()) {
      const text = readFileSync(join(root, file), "utf8");
      for (const [directive] of text.matchAll(/eslint-disable[^\n]*\bmax-lines[^\n]*/g)) {
        expect(directive, `${file}: the reason after "--"`).toMatch(/ -- \S.{10,}/);
        if (/max-lines-per-function/.test(directive)) functions.push(file);
      }
      const rules = (await eslint.calculateConfigForFile(join(root, file))).rules ?? {};
      if (rules["max-lines"]?.[0] !== 2) files.push(file);
    }
    expect(functions.length, functions.join(", ")).toBeLessThanOrEqual(8);
    expect(files.length, files.join(", ")).toBeLessThanOrEqual(4);
  });
});
