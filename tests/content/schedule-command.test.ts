/**
 * `npm run schedule`: the coming changes in time order, in the site's zone, with where an entry is
 * shown; `--due-since`: whether a change fell due since a time (exit 0) or not (exit 1), the scheduled
 * workflow's question, asked here with fixed times (BUILD_TIME is the clock). The command's main() runs
 * in this process (tests/helpers/in-process.ts); the last test runs the command as a user types it.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/schedule/cli.ts";
import { inProcess } from "../helpers/in-process.ts";
import { fixture, replace } from "./helpers.ts";

const root = join(import.meta.dirname, "..", "..");

const content = fixture({
  "site.yaml": (text) => `${text}timeZone: America/New_York\n`,
  "collections/faq/holiday-hours.yaml":
    "question: Are you open on the holiday?\nanswer: Yes.\npublishDate: 2026-11-27T00:00\nexpiryDate: 2026-12-01T00:00\n",
  "pages/home.yaml": replace("    heading: Questions\n    questions:\n      - first\n", "    heading: FAQ\n    questions:\n      - first\n      - holiday-hours\n"),
  "pages/offer.yaml":
    "route: /offer\ntitle: Offer\ndescription: The offer.\npublishDate: 2026-11-26T09:00\nsections:\n  - type: prose\n    heading: Offer\n    body: Half price.\n",
});

async function schedule(time: string, ...args: string[]) {
  const result = await inProcess(() => main([`--content=${content}`, ...args]), { BUILD_TIME: time });
  return { status: result.status, out: result.stdout.trim().split("\n"), err: result.stderr };
}

describe("npm run schedule", () => {
  it("lists the coming changes in time order, in the site's zone, with where an entry is shown", async () => {
    const { status, out } = await schedule("2026-11-25T12:00:00Z");
    expect(status).toBe(0);
    expect(out).toEqual([
      "Thu Nov 26 09:00 EST: shows the page /offer",
      "Fri Nov 27 00:00 EST: shows faq/holiday-hours (home, FAQ)",
      "Tue Dec 1 00:00 EST: hides faq/holiday-hours (home, FAQ)",
    ]);
    // What has happened by the clock is no longer coming.
    expect((await schedule("2026-11-28T12:00:00Z")).out).toEqual(["Tue Dec 1 00:00 EST: hides faq/holiday-hours (home, FAQ)"]);
  });

  it("--due-since: exit 0 and what fell due when a boundary passed since that time, exit 1 when none did", async () => {
    // The last deploy on Thursday 08:00 New York time; now Friday 00:15: two changes passed.
    const due = await schedule("2026-11-27T05:15:00Z", "--due-since", "2026-11-26T13:00:00Z");
    expect(due.status).toBe(0);
    expect(due.out).toEqual([
      "2 change(s) fell due since Thu Nov 26 2026 08:00 EST: build and deploy.",
      "Thu Nov 26 09:00 EST: shows the page /offer",
      "Fri Nov 27 00:00 EST: shows faq/holiday-hours (home, FAQ)",
    ]);
    // Deployed at 00:05, asked at 00:20: nothing since.
    const quiet = await schedule("2026-11-27T05:20:00Z", "--due-since=2026-11-27T05:05:00Z");
    expect(quiet.status).toBe(1);
    expect(quiet.out[0]).toMatch(/^Nothing fell due between Fri Nov 27 2026 00:05 EST and Fri Nov 27 2026 00:20 EST: no build needed\.$/);
    // A boundary exactly at the time asked is due; one exactly at the last deploy is not.
    expect((await schedule("2026-11-27T05:00:00Z", "--due-since", "2026-11-27T04:59:00Z")).status).toBe(0);
    expect((await schedule("2026-11-27T05:10:00Z", "--due-since", "2026-11-27T05:00:00Z")).status).toBe(1);
  });

  it("refuses a time it cannot read (exit 2)", async () => {
    const wrong = await schedule("2026-11-27T05:00:00Z", "--due-since", "yesterday");
    expect(wrong.status).toBe(2);
    expect(wrong.err).toMatch(/--due-since: "yesterday" is not a date and time/);
  });

  it("as a user types it: its answer is the process's exit code, its lines on stdout", () => {
    // Nothing fell due since 00:05 New York time: exit 1, said on stdout.
    const quiet = spawnSync("npm", ["run", "--silent", "schedule", "--", `--content=${content}`, "--due-since=2026-11-27T05:05:00Z"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, BUILD_TIME: "2026-11-27T05:20:00Z" },
    });
    expect(quiet.status).toBe(1);
    expect(quiet.stdout).toMatch(/^Nothing fell due between Fri Nov 27 2026 00:05 EST and Fri Nov 27 2026 00:20 EST: no build needed\.\n$/);
    expect(quiet.stderr).toBe("");
  });
});
