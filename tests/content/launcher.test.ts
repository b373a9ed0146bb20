import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixture, replace } from "./helpers.ts";
// @ts-expect-error: a plain .mjs launcher, without type declarations
import { sourceHash } from "../../scripts/content/cli/run.mjs";
import { tempDir } from "../helpers/temp-dirs.ts";

const root = join(import.meta.dirname, "..", "..");
// Inside node_modules, as the real bundle is, so the packages it leaves out (sharp) are found.
const made: string[] = [];
const bundleDir = () => {
  mkdirSync(join(root, "node_modules", ".cache"), { recursive: true });
  made.push(mkdtempSync(join(root, "node_modules", ".cache", "content-cli-test-")));
  return made.at(-1)!;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
const launch = (bundleDir: string, ...args: string[]) =>
  spawnSync(process.execPath, ["scripts/content/cli/run.mjs", ...args], {
    cwd: root,
    encoding: "utf8",
    // CONTENT_BASE=off: the tests' copy of the project has no Git history, whose one line of notice
    // (base-addresses.ts) is not this test's subject: the launcher's own output is.
    env: { ...process.env, CONTENT_CLI_DIR: bundleDir, CONTENT_BASE: "off" },
  });

describe("the content CLI launcher", () => {
  it("bundles the CLI on first run, reuses it, and makes another for other sources, never replacing one in place", () => {
    const dir = bundleDir();
    const first = launch(dir, "check");
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/content is valid|✔|files/);
    // Named after its sources' hash, which holds the project's folder: copies sharing node_modules/
    // each have their own, and none is overwritten while another copy may be about to load it.
    const bundle = join(dir, `cli-${sourceHash().slice(0, 16)}.cjs`);
    const made = statSync(bundle).ino;

    expect(launch(dir, "check").status).toBe(0);
    expect(statSync(bundle).ino).toBe(made);

    // What changed sources look like to the launcher: no bundle of their hash. Bundles of other
    // sources stay while in use (another copy's), and go once an hour unused.
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const old = join(dir, "cli-0000000000000000.cjs");
    const recent = join(dir, "cli-1111111111111111.cjs");
    for (const file of [old, recent]) writeFileSync(file, "throw new Error('an old bundle ran');\n");
    utimesSync(old, hourAgo, hourAgo);
    rmSync(bundle);
    const again = launch(dir, "check");
    expect(again.stderr).toBe("");
    expect(again.status).toBe(0);
    expect(readFileSync(bundle, "utf8")).not.toContain("an old bundle ran");
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });

  it("passes on the CLI's exit code and usage errors", () => {
    // The bundle npm install made (or a current one, made here): bundling is the test above's subject.
    const wrong = spawnSync(process.execPath, ["scripts/content/cli/run.mjs", "nonsense"], { cwd: root, encoding: "utf8" });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain("usage: content <check|build>");
  });

  it("gives the same output and the same problems with worker threads as on one thread", () => {
    const threads = (count: number, ...args: string[]) =>
      spawnSync(process.execPath, ["scripts/content/cli/run.mjs", ...args], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, CONTENT_CACHE: "off", CONTENT_THREADS: String(count), CONTENT_PARALLEL_MIN: "1" },
      });
    const valid = fixture();
    const outs = [1, 2].map((count) => {
      const out = tempDir("content-threads-");
      const run = threads(count, "build", `--content=${valid}`, `--out=${out}`);
      expect(run.status, run.stderr).toBe(0);
      return out;
    });
    const files = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).sort();
    expect(files(outs[1]!)).toEqual(files(outs[0]!));
    for (const rel of files(outs[0]!)) {
      if (statSync(join(outs[0]!, rel)).isFile()) expect(readFileSync(join(outs[1]!, rel)), rel).toEqual(readFileSync(join(outs[0]!, rel)));
    }

    const broken = fixture({
      "collections/faq/first.yaml": replace("question:", "qustion:"),
      "pages/home.yaml": replace("type: pricing", "type: pricng"),
      "site.yaml": (text) => `${text}\nbroken: [\n`,
    });
    const [one, two] = [1, 2].map((count) => threads(count, "check", `--content=${broken}`, "--format=json"));
    expect(one!.status).toBe(1);
    expect(two!.status).toBe(1);
    expect(JSON.parse(two!.stdout)).toEqual(JSON.parse(one!.stdout));
    expect(JSON.parse(one!.stdout).problems.length).toBeGreaterThanOrEqual(2);
  });

  it("hashes every source of the CLI: a change in the schemas or the pipeline changes the hash", () => {
    const copy = tempDir("content-sources-");
    for (const dir of ["scripts/content", "scripts/cms", "schemas", "sections"])
      cpSync(join(root, dir), join(copy, dir), { recursive: true });
    cpSync(join(root, "tsconfig.json"), join(copy, "tsconfig.json"));
    const before = sourceHash(copy);
    expect(sourceHash(copy)).toBe(before);
    appendFileSync(join(copy, "schemas", "page.ts"), "\n// changed\n");
    const afterSchema = sourceHash(copy);
    expect(afterSchema).not.toBe(before);
    appendFileSync(join(copy, "sections", "faq", "schema.ts"), "\n// changed\n");
    const afterSectionSchema = sourceHash(copy);
    expect(afterSectionSchema).not.toBe(afterSchema);
    appendFileSync(join(copy, "scripts", "content", "validate.ts"), "\n// changed\n");
    expect(sourceHash(copy)).not.toBe(afterSectionSchema);
  });
});
