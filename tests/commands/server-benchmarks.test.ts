/**
 * The server's benchmarks, run as a user types them on a copy of the project (tests/helpers/scripts-copy.ts),
 * each in a small mode (the lead benchmark with a light load, the inbox's with 2,000 leads, the
 * history's with 200 commits), each checked for exit code 0 and the shape of what it prints. A file
 * apart from the site's (benchmarks.test.ts) so that the commands' two forks end together.
 * tests/commands/every-script.test.ts names this file as their run.
 */
import { describe, it } from "vitest";
import { expectOk, scriptsCopy } from "../helpers/scripts-copy.ts";

// The generated modules the lead server reads, as `npm install` leaves them (its prepare step).
const { npm } = scriptsCopy("server-benchmarks", ["prepare"]);

describe("the server's benchmarks, each in a small run", () => {
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
