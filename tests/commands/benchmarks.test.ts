/**
 * The site's build benchmarks (the content pipeline, Velite, the guides, the photos), run as a user
 * types them on a copy of the project (tests/helpers/scripts-copy.ts), each in a small mode (the
 * shipped content with one run, one photo), each checked for exit code 0 and the shape of what it
 * prints: a benchmark that no longer runs is a failing test. The editing ones (the dev server's save,
 * /admin/'s weight) are in editing-benchmarks.test.ts, the server's in server-benchmarks.test.ts: files
 * of their own, so that the commands' two forks end together. tests/commands/every-script.test.ts
 * names this file as their run.
 */
import { describe, it } from "vitest";
import { expectOk, scriptsCopy } from "../helpers/scripts-copy.ts";

// The photo benchmark's size step needs a browser (found or installed, as test:e2e does first).
const { npm } = scriptsCopy("benchmarks", ["browser"]);

describe("the site's benchmarks, each in a small run", () => {
  it("npm run bench:content on the shipped content, one run", async () => {
    await expectOk(
      npm("bench:content", [], { BENCH_SIZES: "50", BENCH_RUNS: "1" }),
      /content pipeline, wall time[\s\S]*\d+ ms/,
    );
  });

  it("npm run bench:velite on the shipped content, one pair: the same HTML from both tools", async () => {
    await expectOk(
      npm("bench:velite", [], { BENCH_SIZES: "50", BENCH_RUNS: "1" }),
      /HTML strings identical[\s\S]*; 0 differences/,
    );
  });

  it("npm run bench:guides on 20 guides, one run, without Astro", async () => {
    await expectOk(
      npm("bench:guides", [], { BENCH_GUIDES: "20", BENCH_RUNS: "1", BENCH_ASTRO: "skip" }),
      /full build, share images and photos cached\s+[\d.]+ s[\s\S]*every save shown within 300 ms: slowest median \d+ ms/,
    );
  });

  it("npm run bench:images on one photo, one warm build", async () => {
    await expectOk(
      npm("bench:images", [], { BENCH_PHOTOS: "1", BENCH_RUNS: "1" }),
      /content build with photos, cold:\s+[\d.]+ s/,
    );
  });
});
