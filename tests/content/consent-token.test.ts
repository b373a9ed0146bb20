/** The privacy page can quote a form's consent wording: {{consent.<form id>}}, written once, in the form. */
import { describe, expect, it } from "vitest";
import { runContent } from "../../scripts/content/pipeline.ts";
import { fixture, problemsIn } from "./helpers.ts";

describe("{{consent.<form id>}}", () => {
  const consent = "We may call or text you about this request. Consent is not a condition of purchase.";
  const withConsent = (text: string) => `${text.trimEnd()}\nconsent: ${consent}\n`;

  it("puts the form's consent wording into a Markdown page", () => {
    const dir = fixture({
      "forms/callback.yaml": withConsent,
      "pages/legal.md": (text) => `${text.trimEnd()}\n\nWhat you agree to: {{consent.callback}}\n`,
    });
    const result = runContent({ contentDir: dir });
    expect(result.problems).toEqual([]);
    const legal = result.content!.pages.map((page) => JSON.stringify(page)).find((page) => page.includes("What you agree to"));
    expect(legal).toContain(consent);
  });

  it("is refused, with the placeholders there are, for a form that does not exist", () => {
    const problems = problemsIn({ "pages/legal.md": (text) => `${text.trimEnd()}\n\n{{consent.nosuchform}}\n` });
    expect(problems.map((p) => p.message).join("\n")).toMatch(/unknown placeholder "\{\{consent\.nosuchform\}\}"/);
  });
});
