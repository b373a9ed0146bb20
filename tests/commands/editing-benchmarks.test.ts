/**
 * The editing benchmarks, run as a user types them on a copy of the project (tests/helpers/scripts-copy.ts),
 * each in a small mode: the dev server's save → shown (`bench:dev`, one save of each kind) and /admin/'s
 * weight and usable times (`bench:admin`, against itself, one run), each checked for exit code 0 and
 * the shape of what it prints. Apart from the site's build benchmarks (benchmarks.test.ts) so that the
 * commands' two forks end together. tests/commands/every-script.test.ts names this file as their run.
 */
import { describe, it } from "vitest";
import { expectOk, scriptsCopy } from "../helpers/scripts-copy.ts";

// Both measure in a browser (found or installed, as test:e2e does first).
const { npm } = scriptsCopy("editing-benchmarks", ["browser"]);

describe("the editing benchmarks, each in a small run", () => {
  it("npm run bench:dev on the shipped content, one save of each kind", async () => {
    await expectOk(npm("bench:dev", [], { BENCH_SIZES: "shipped", BENCH_RUNS: "1" }), /updated in place: yes/);
  });

  it("npm run bench:admin against itself (BENCH_ADMIN_BEFORE=.), one run: built once, the table printed", async () => {
    await expectOk(
      npm("bench:admin", [], { BENCH_ADMIN_BEFORE: ".", BENCH_RUNS: "1" }),
      /first load, KB gzipped\s+[\d.]+\s+[\d.]+\s+1\.00[\s\S]*preview drawn, s\s+[\d.]+/,
    );
  });
});
