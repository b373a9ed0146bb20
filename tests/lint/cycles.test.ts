/**
 * The lint rule against import circles (tools/lint/cycles.mjs), type-only imports included: on a
 * fixture folder where a.ts imports b.ts and b.ts closes the circle with `import type`, the rule
 * fails a.ts naming both files and `findCycles` lists the circle once; a folder without a circle
 * passes; and `npm run lint`'s configuration runs the rule on the product's folders.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ESLint, RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, it } from "vitest";
import { findCycles, importGraph, noCycle } from "../../tools/lint/cycles.mjs";

const root = join(import.meta.dirname, "..", "..");
const fixture = mkdtempSync(join(tmpdir(), "lint-cycles-"));
const files = {
  "a.ts": 'import { b } from "./b.ts";\nexport interface A { n: number }\nexport const a = b + 1;\n',
  "b.ts": 'import type { A } from "./a.ts";\nexport const b = 1;\nexport const show = (x: A) => String(x.n);\n',
  "c.ts": 'import { b } from "./b.ts";\nexport const c = b;\n',
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(fixture, name), text);
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const options = [{ root: fixture, folders: ["."] }];

tester.run("cycles/no-cycle", noCycle, {
  valid: [{ filename: join(fixture, "c.ts"), code: files["c.ts"], options }],
  invalid: [
    {
      filename: join(fixture, "a.ts"),
      code: files["a.ts"],
      options,
      errors: [{ messageId: "cycle", data: { files: "a.ts → b.ts → a.ts" } }],
    },
    {
      filename: join(fixture, "b.ts"),
      code: files["b.ts"],
      options,
      errors: [{ messageId: "cycle", data: { files: "b.ts → a.ts → b.ts" } }],
    },
  ],
});

describe("import circles", () => {
  it("are found with type-only imports, once each, with their files", () => {
    const cycles = findCycles(importGraph(fixture, ["."]));
    expect(cycles.map((cycle) => cycle.map((file) => file.slice(fixture.length + 1)))).toEqual([
      ["a.ts", "b.ts", "a.ts"],
    ]);
  });

  it("are part of npm run lint's configuration for the product's folders", async () => {
    const eslint = new ESLint({ cwd: root });
    for (const file of ["server/run.ts", "scripts/hosting/nginx.ts", "schemas/index.ts", "src/App.tsx"]) {
      const config = await eslint.calculateConfigForFile(join(root, file));
      expect(config.rules?.["cycles/no-cycle"], file).toEqual([2]);
    }
  });
});
