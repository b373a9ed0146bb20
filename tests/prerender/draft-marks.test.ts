/** The draft and schedule marks cost the built site nothing: no text, no styles, only empty functions. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, type Rolldown } from "vite";
import { afterEach, expect, it, vi } from "vitest";
import { tempDir } from "../helpers/temp-dirs.ts";

afterEach(() => vi.unstubAllEnvs());

/** `entry` built as `vite build` builds the site (minified, React left out): the code it keeps. */
async function productionBuild(entry: string): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    mode: "production",
    build: { write: false, minify: true, lib: { entry, formats: ["es"] }, rolldownOptions: { external: [/^react/] } },
  })) as Rolldown.RolldownOutput[];
  return output[0]!.output.map((chunk) => (chunk.type === "chunk" ? chunk.code : "")).join("");
}

it("the production build of the draft marks keeps neither their words nor their styles", async () => {
  // As in `vite build`, which runs with NODE_ENV=production (Vitest's is "test").
  vi.stubEnv("NODE_ENV", "production");
  const entry = join(import.meta.dirname, "..", "..", "ui", "components", "Draft.tsx");
  const code = await productionBuild(entry);
  expect(code).toMatch(/export\s*\{/);
  expect(code).not.toMatch(/not on the live site|dashed|#92400e/);
  expect(code.length).toBeLessThan(300);
}, 30_000);

it("nor do the schedule marks and the preview's choice of what is shown: the site's bundle keeps neither their words, their styles nor the date reading", async () => {
  vi.stubEnv("NODE_ENV", "production");
  // What the site's components import of them (src/PageView.tsx, src/sections/SectionView.tsx, ui/, sections/).
  const entry = join(tempDir("schedule-marks-"), "entry.ts");
  const marks = join(import.meta.dirname, "..", "..", "ui", "components", "Scheduled.tsx");
  writeFileSync(entry, `export { ScheduleMark, PreviewTimeNote, useShownAt } from ${JSON.stringify(marks)};\n`);
  const code = await productionBuild(entry);
  expect(code).toMatch(/export\s*\{/);
  expect(code).not.toMatch(/Scheduled|shows from|Shows until|#1e40af|Intl|not a date/);
  expect(code.length).toBeLessThan(300);
}, 30_000);

it("nor does the preview's leaving out of links to pages not shown at a chosen time: the site's bundle keeps none of the rule", async () => {
  vi.stubEnv("NODE_ENV", "production");
  const entry = join(tempDir("shown-links-"), "entry.ts");
  const provider = join(import.meta.dirname, "..", "..", "ui", "content", "ContentProvider.tsx");
  writeFileSync(entry, `export { useShownLinks } from ${JSON.stringify(provider)};\n`);
  const code = await productionBuild(entry);
  expect(code).toMatch(/export\s*\{/);
  expect(code).not.toMatch(/startsWith|\[\?#\]|Intl|pageWindows/);
  expect(code.length).toBeLessThan(200);
}, 30_000);
