/**
 * The order Vitest starts test files in (vite.config.ts `sequence.sequencer`): its own (failed, then
 * longest, as its cache of earlier runs knows them; on a clean clone, which has none, the largest
 * file first), except that the commands' files, which a clean clone always runs without that cache,
 * start longest first by their measured times (docs/performance.md), so that the two forks end
 * together: by file size the benchmarks (about 2 min) started last, alone, one core idle meanwhile.
 * A file not listed keeps Vitest's order after the listed ones.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * tests/commands/ (its two projects, commands and builds), longest first (measured alone, 2026-11-28;
 * the benchmarks, 236 s in one file, split in two on 2026-12-03: 158 s and 129 s).
 */
const commandsLongestFirst = [
  "benchmarks",
  "editing-benchmarks",
  "every-script",
  "server-benchmarks",
  "fresh-machine",
  "scheduled-start",
  "adding-a-section",
  "committed-files",
];

const rank = (spec: TestSpecification): number => {
  if (spec.project.name !== "commands" && spec.project.name !== "builds") return -1;
  const at = commandsLongestFirst.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.ts`));
  return at === -1 ? commandsLongestFirst.length : at;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Stable: only the commands' files move, among themselves.
    const commands = sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    return sorted.map((spec) => (rank(spec) >= 0 ? commands.shift()! : spec));
  }
}
