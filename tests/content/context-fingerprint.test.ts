/** The per-file cache keeps a validated value only for the context it was validated in: every input of that context counts. */
import { describe, expect, it } from "vitest";
import { contentKinds } from "../../schemas/index.ts";
import { contextInputs, type ContextInputs } from "../../scripts/content/stages/context.ts";
import { contextFingerprint } from "../../scripts/content/speed/context-reuse.ts";
import { load } from "../../scripts/content/stages/load.ts";
import { fixture } from "./helpers.ts";

describe("the context fingerprint", () => {
  const dir = fixture();
  const loaded = load(dir);
  const inputs = contextInputs(dir, loaded, contentKinds, 0);
  const base = contextFingerprint(loaded, inputs);

  it("is the same for the same content", () => {
    expect(contextFingerprint(loaded, contextInputs(dir, load(dir), contentKinds, 0))).toBe(base);
  });

  // Each input, whatever it is (one added later included), changed on its own changes the fingerprint.
  it.each(Object.keys(inputs).filter((key) => key !== "images") as (keyof ContextInputs)[])("changes with %s", (key) => {
    const changed = { ...inputs, [key]: { changed: JSON.stringify(inputs[key]) } } as unknown as ContextInputs;
    expect(contextFingerprint(loaded, changed)).not.toBe(base);
  });

  it("changes with a picture's name", () => {
    expect(contextFingerprint(loaded, { ...inputs, images: [...inputs.images, "images/new.jpg"] })).not.toBe(base);
  });
});
