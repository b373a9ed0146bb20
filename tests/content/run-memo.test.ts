/**
 * The run memo (scripts/content/speed/run-memo.ts), through the content CLI's main() as `npm run
 * content:check` and `content:build` run it (the launcher, run.mjs, calls it: launcher.test.ts), here
 * in this process (tests/helpers/in-process.ts): a run whose files, settings and code are unchanged
 * gives the last run's result; any change to a file, a picture, the options or the output folder runs
 * the pipeline. The memo is "poisoned" (its stored message changed) to see whether a run used it.
 */
import { readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../scripts/content/cli/cli.ts";
import { inProcess } from "../helpers/in-process.ts";
import { tempDir } from "../helpers/temp-dirs.ts";
import { change, fixture, replace } from "./helpers.ts";

interface Report {
  ok: boolean;
  problems: { message: string }[];
  warnings: { message: string }[];
}

function setup(changes: Parameters<typeof fixture>[0] = {}) {
  const dir = fixture(changes);
  const cache = tempDir("content-memo-");
  const out = tempDir("content-out-");
  const run = async (command: "check" | "build", ...flags: string[]) => {
    const args = [command, `--content=${dir}`, "--format=json", ...flags];
    if (command === "build") args.push(`--out=${out}`);
    const result = await inProcess(() => main(args), { CONTENT_CACHE: cache });
    return { status: result.status, report: JSON.parse(result.stdout || result.stderr) as Report };
  };
  const memoFile = () => join(cache, readdirSync(cache).find((name) => name.endsWith(".runs.json"))!);
  /** Makes the stored result of `command` warn of something no pipeline run warns of. */
  const poison = (command: "check" | "build") => {
    const stored = JSON.parse(readFileSync(memoFile(), "utf8"));
    stored.runs[command].result.warnings = [{ file: "memo", line: 1, column: 1, field: "", severity: "warning", message: "from the memo" }];
    writeFileSync(memoFile(), JSON.stringify(stored));
  };
  const fromMemo = (report: Report) => report.warnings.some((p) => p.message === "from the memo");
  return { dir, out, run, memoFile, poison, fromMemo };
}

describe("the run memo", () => {
  it("gives an unchanged run the last result, and runs the pipeline again after any edit", async () => {
    const { dir, run, poison, fromMemo } = setup();
    expect((await run("check")).report.ok).toBe(true);
    poison("check");
    expect(fromMemo((await run("check")).report)).toBe(true);
    change(dir, { "collections/faq/first.yaml": replace("**only**", "_only_") });
    const after = await run("check");
    expect(fromMemo(after.report)).toBe(false);
    expect(after.status).toBe(0);
  });

  it("keeps a run's problems too, and sees their fix", async () => {
    const { dir, run } = setup({ "collections/faq/first.yaml": replace("question:", "qustion:") });
    const first = await run("check");
    expect(first.status).toBe(1);
    const again = await run("check");
    expect(again.status).toBe(1);
    expect(again.report.problems).toEqual(first.report.problems);
    change(dir, { "collections/faq/first.yaml": replace("qustion:", "question:") });
    expect((await run("check")).status).toBe(0);
  });

  it("runs again when a file is added, deleted or renamed, or a picture replaced", async () => {
    const { dir, run, poison, fromMemo } = setup();
    const edits: (() => void)[] = [
      () => writeFileSync(join(dir, "collections", "faq", "added.yaml"), readFileSync(join(dir, "collections", "faq", "first.yaml"))),
      () => rmSync(join(dir, "collections", "faq", "added.yaml")),
      () => {
        const picture = readdirSync(join(dir, "images"))[0]!;
        const path = join(dir, "images", picture);
        const { atime, mtime } = statSync(path);
        utimesSync(path, atime, new Date(mtime.getTime() + 5_000));
      },
    ];
    await run("check");
    for (const edit of edits) {
      poison("check");
      edit();
      expect(fromMemo((await run("check")).report)).toBe(false);
    }
  });

  it("keeps check, build and drafts apart", async () => {
    const { run, poison, fromMemo } = setup();
    await run("check");
    poison("check");
    expect(fromMemo((await run("check", "--drafts")).report)).toBe(false);
    expect(fromMemo((await run("build")).report)).toBe(false);
  });

  it("rebuilds when the output folder no longer holds what the last build wrote", async () => {
    const { out, run, poison, fromMemo } = setup();
    expect((await run("build")).status).toBe(0);
    const site = join(out, "site.json");
    const written = readFileSync(site, "utf8");
    poison("build");
    expect(fromMemo((await run("build")).report)).toBe(true);

    poison("build");
    writeFileSync(site, "{}\n");
    expect(fromMemo((await run("build")).report)).toBe(false);
    expect(readFileSync(site, "utf8")).toBe(written);

    poison("build");
    rmSync(site);
    expect(fromMemo((await run("build")).report)).toBe(false);
    expect(readFileSync(site, "utf8")).toBe(written);
  });

  it("is ignored when it cannot be read", async () => {
    const { run, memoFile } = setup();
    await run("check");
    for (const broken of ["{ not json", "null", '{"runs": 3}', JSON.stringify({ version: "old", runs: {} })]) {
      writeFileSync(memoFile(), broken);
      const { status, report } = await run("check");
      expect(status).toBe(0);
      expect(report.ok).toBe(true);
    }
  });
});
