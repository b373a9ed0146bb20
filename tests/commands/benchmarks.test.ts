/**
 * The benchmarks, run as a user types them on a copy of the project (tests/helpers/scripts-copy.ts),
 * each in a small mode (the shipped content with one run, three photos, the lead benchmark with a
 * light load, the history's with 200 commits), each checked for exit code 0 and the shape of what it prints: a benchmark that no
 * longer runs is a failing test. tests/commands/every-script.test.ts names this file as their run.
 */
import { describe, it } from "vitest";
import { expectOk, scriptsCopy } from "../helpers/scripts-copy.ts";

// bench:dev and the photo benchmark's size step need a browser (found or installed, as test:e2e does first).
const { npm } = scriptsCopy("benchmarks", ["browser"]);

describe("the benchmarks, each in a small run", () => {
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

  it("npm run bench:dev on the shipped content, one save of each kind", async () => {
    await expectOk(npm("bench:dev", [], { BENCH_SIZES: "shipped", BENCH_RUNS: "1" }), /updated in place: yes/);
  });

  it("npm run bench:images on three photos, one warm build", async () => {
    await expectOk(
      npm("bench:images", [], { BENCH_PHOTOS: "3", BENCH_RUNS: "1" }),
      /content build with photos, cold:\s+[\d.]+ s/,
    );
  });

  it("npm run bench:leads on the embedded database, a light load: the visitor's lead stored through a flood", async () => {
    await expectOk(
      npm("bench:leads", ["--only", "embedded"], { BENCH_LOAD: "1:20,5:50", BENCH_FLOOD: "300" }),
      /clients: \d+ leads stored[\s\S]*lead stored/,
    );
  });

  it("npm run bench:leads -- --inbox on the embedded database, 2,000 leads: each question answers, the export streams every row", async () => {
    await expectOk(
      npm("bench:leads", ["--inbox", "--only", "embedded"], { BENCH_INBOX_LEADS: "2000" }),
      /2,000 leads[\s\S]*search: an e-mail address\s+1 leads\s+p50[\s\S]*CSV export, streamed\s+2,000 rows/,
    );
  });

  it("npm run bench:history on 200 commits: both sources answer both questions, in words", async () => {
    await expectOk(
      npm("bench:history", [], { BENCH_COMMITS: "200" }),
      /201 commits[\s\S]*local Git\)\n {2}an entry's first 30 versions, in words +first +\d+ ms[\s\S]*GitHub \(stand-in\)\n[\s\S]*recent changes \(a page of 20\), in words +first +\d+ ms, again +\d+ ms \(20 rows, 20 changes said/,
    );
  });
});
