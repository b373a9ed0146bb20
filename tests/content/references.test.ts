/** References name a kind the compiler knows, carry it as metadata, and fail closed without content. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { page, ref, referenceOf } from "../../schemas/index.ts";
import { pricingSection } from "../../sections/pricing/schema.ts";
import { renderSchemaFiles } from "../../scripts/generate/json-schema.ts";
import { problemsIn } from "./helpers.ts";

describe("references", () => {
  it("accept only the kinds that exist (a wrong kind does not compile)", () => {
    // @ts-expect-error "faqs" is not a kind of content: the collection is "faq".
    expect(() => ref("faqs")).toThrow();
  });

  it("carry their target in metadata, read by the JSON Schema", () => {
    expect(referenceOf(pricingSection.shape.form)).toBe("forms");
    expect(referenceOf(pricingSection.shape.plans.element)).toBe("plans");
    expect(referenceOf(pricingSection.shape.heading)).toBeUndefined();
    const json = JSON.parse(renderSchemaFiles().get("schemas/json/pages.schema.json")!) as unknown;
    expect(JSON.stringify(json)).toContain('"reference":"plans"');
  });

  it("refuse to pass when validated without the content context", () => {
    const result = z.object({ plan: ref("plans") }).safeParse({ plan: "anything" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/without the content context/);
    const home = { route: "/", title: "t", description: "d", sections: [{ type: "prose", heading: "h", body: "b" }] };
    expect(page.safeParse(home).success).toBe(false);
  });

  it("are checked against the ids that exist when validated through the pipeline", () => {
    expect(problemsIn({})).toEqual([]);
  });
});
