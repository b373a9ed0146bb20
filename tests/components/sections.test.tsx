/** The registry of section renderers; each section's own test is in its folder (sections/<type>/<type>.test.tsx). */
import { describe, expect, it } from "vitest";
import { sectionTypes } from "../../schemas/index.ts";
import { sectionRenderers } from "../../src/sections/registry.ts";

describe("section renderers", () => {
  it("exist for every section type the schemas define", () => {
    expect(Object.keys(sectionRenderers).sort()).toEqual([...sectionTypes].sort());
  });
});
