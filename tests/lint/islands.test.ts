/**
 * The lint rule that keeps handlers in islands (tools/lint/islands.mjs), on the code it sees in the
 * project's folders: a handler in a renderer or the layout fails, an island's component rendered
 * directly fails, the same through <Island> passes; and `npm run lint`'s configuration runs it.
 */
import { join } from "node:path";
import { ESLint, RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { islandModules, liveHandlers } from "../../tools/lint/islands.mjs";

const root = join(import.meta.dirname, "..", "..");
RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run("islands/live-handlers", liveHandlers, {
  valid: [
    {
      filename: join(root, "sections/faq/Faq.tsx"),
      code: "export const A = () => <details name='x'><summary>Q</summary></details>;",
    },
    {
      filename: join(root, "ui/components/FormPanel.tsx"),
      code: 'import { LeadForm } from "./LeadForm";\nexport const P = (p) => <Island name="lead-form" component={LeadForm} props={p} />;',
    },
    {
      filename: join(root, "ui/components/LeadForm.tsx"),
      code: "export const F = () => <form onSubmit={() => {}} />;",
    },
  ],
  invalid: [
    {
      filename: join(root, "sections/faq/Faq.tsx"),
      code: "export const A = () => <details onToggle={() => {}} />;",
      errors: [{ messageId: "handler" }],
    },
    {
      filename: join(root, "src/layout/CallButton.tsx"),
      code: "export const C = () => <a href='tel:1' onClick={() => {}}>Call</a>;",
      errors: [{ messageId: "handler" }],
    },
    {
      filename: join(root, "sections/form/FormSection.tsx"),
      code: 'import { LeadForm } from "../../ui/components/LeadForm";\nexport const S = (p) => <LeadForm {...p} />;',
      errors: [{ messageId: "direct" }],
    },
  ],
});

describe("the islands rule in the project", () => {
  it("reads the island modules from the registry", () => {
    expect([...islandModules()]).toContain(join(root, "ui", "components", "LeadForm"));
  });

  it("is part of npm run lint's configuration for the browser code", async () => {
    const eslint = new ESLint({ cwd: root });
    const [result] = await eslint.lintText(
      "export const B = () => <button type='button' onClick={() => {}}>x</button>;\n",
      {
        filePath: join(root, "sections", "hero", "Example.tsx"),
      },
    );
    expect(result!.messages.map((m) => m.ruleId)).toContain("islands/live-handlers");
  });
});
