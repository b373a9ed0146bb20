/** The draft marks cost the built site nothing: no text, no styles, only an empty function. */
import { join } from "node:path";
import { build, type Rolldown } from "vite";
import { afterEach, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllEnvs());

it("the production build of the draft marks keeps neither their words nor their styles", async () => {
  // As in `vite build`, which runs with NODE_ENV=production (Vitest's is "test").
  vi.stubEnv("NODE_ENV", "production");
  const entry = join(import.meta.dirname, "..", "..", "ui", "components", "Draft.tsx");
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    mode: "production",
    build: { write: false, minify: true, lib: { entry, formats: ["es"] }, rolldownOptions: { external: [/^react/] } },
  })) as Rolldown.RolldownOutput[];
  const code = output[0]!.output.map((chunk) => (chunk.type === "chunk" ? chunk.code : "")).join("");
  expect(code).toMatch(/export\s*\{/);
  expect(code).not.toMatch(/not on the live site|dashed|#92400e/);
  expect(code.length).toBeLessThan(300);
}, 30_000);
