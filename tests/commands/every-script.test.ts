/**
 * Every command we offer runs. Each script in package.json has a run somewhere in the suite, named
 * in `ranBy` below and checked there: a new script without a run is a failing test, not a silent gap.
 * The scripts nothing else runs are run here, in benchmarks.test.ts, editing-benchmarks.test.ts and
 * server-benchmarks.test.ts (the benchmarks; files of their own so that the two forks end together)
 * and in committed-files.test.ts (the scripts that write committed files, which open no browser:
 * `npm run test:builds`), on a copy of the project (tests/helpers/scripts-copy.ts), as a user types
 * them, the long ones in a small mode (Lighthouse on one page, the inspector's benchmark on 20
 * entries), each checked for exit code 0 and the shape of what it prints. And every command that README.md and docs/ tell a reader to run (`npm run X`,
 * `npm start`, `npm test`, `npm install`) is a script with its run named here: run by a test, once.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../../tools/shared/copy-project.ts";
import { expectOk, scriptsCopy } from "../helpers/scripts-copy.ts";
import { userEnv } from "../helpers/user-env.ts";

const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> })
  .scripts;
const HERE = "tests/commands/every-script.test.ts";
const BENCHMARKS = "tests/commands/benchmarks.test.ts";
const EDITING_BENCHMARKS = "tests/commands/editing-benchmarks.test.ts";
const SERVER_BENCHMARKS = "tests/commands/server-benchmarks.test.ts";
const COMMITTED = "tests/commands/committed-files.test.ts";

/** Each script, and the file whose run calls it (npm test's steps, a test, a configuration, here). */
const ranBy: Record<string, string> = {
  // npm test's steps, in order.
  "content:check": "tools/run/steps.ts",
  typecheck: "tools/run/steps.ts",
  lint: "tools/run/steps.ts",
  "test:unit": "tools/run/steps.ts",
  "test:commands": "tools/run/steps.ts",
  "test:builds": "tools/run/steps.ts",
  "test:leads": "tools/run/steps.ts",
  build: "tools/run/steps.ts",
  size: "tools/run/steps.ts",
  "test:e2e": "tools/run/steps.ts",
  "test:preview": "tools/run/steps.ts",
  "test:cms": "tools/run/steps.ts",
  "test:edits": "tools/run/steps.ts",
  // npm test itself: CI's command.
  test: ".ci/run",
  // Run by the steps above (browser: by the scripts test:e2e, size, test:cms, test:preview).
  "test:content": "tests/content/lane.test.ts",
  "test:unit:content": "tools/run/steps.ts",
  browser: "package.json",
  "build:site": "package.json",
  "content:build": "tests/commands/fresh-machine.test.ts",
  // npm install's last step.
  prepare: "tests/commands/fresh-machine.test.ts",
  start: "tests/helpers/server-process.ts",
  serve: "tests/helpers/server-process.ts",
  "leads:serve": "tests/helpers/server-process.ts",
  leads: "tests/leads/export.test.ts",
  cms: "playwright.cms.config.ts",
  "new:section": "tests/content/new-section.test.ts",
  // docs/adding-a-content-kind.md's first step, which that test runs.
  "new:kind": "tests/commands/adding-a-section.test.ts",
  // The developer's loop before a commit: the last step of docs/adding-a-section.md and
  // docs/adding-a-content-kind.md, which that test runs.
  check: "tests/commands/adding-a-section.test.ts",
  schedule: "tests/content/schedule-command.test.ts",
  "schedule:merge": "tests/content/schedule-merge.test.ts",
  // Run here.
  dev: HERE,
  format: COMMITTED,
  "content:guide": COMMITTED,
  "docs:variables": COMMITTED,
  "content:schemas": COMMITTED,
  "deploy:nginx": COMMITTED,
  "check:spec": COMMITTED,
  lighthouse: HERE,
  "bench:inspect": HERE,
  "bench:content": BENCHMARKS,
  "bench:velite": BENCHMARKS,
  "bench:dev": EDITING_BENCHMARKS,
  "bench:images": BENCHMARKS,
  "bench:guides": BENCHMARKS,
  "bench:admin": EDITING_BENCHMARKS,
  "bench:leads": SERVER_BENCHMARKS,
  "bench:history": SERVER_BENCHMARKS,
};

/** How a file calls a script: `npm run [--silent] X`, `npm test`/`npm start`, or the name quoted in an argument list. */
function calls(text: string, script: string): boolean {
  const name = script.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return (
    new RegExp(`npm (run(-script)? )?(--silent )?${name}\\b`).test(text) || new RegExp(`["'\`]${name}["'\`]`).test(text)
  );
}

/**
 * A command the docs tell a reader to run: `npm run [--silent] X` (`run-script` too), and npm's own
 * `npm start`, `npm test` (the scripts of those names) and `npm install`/`npm ci`, which run `prepare`
 * last.
 */
const commandPattern = /\bnpm (?:run(?:-script)? (?:--silent )?([a-z][\w:-]*)|(start|test|install|ci)\b)/g;
const scriptOf = (match: RegExpMatchArray): string =>
  match[1] ?? (match[2] === "install" || match[2] === "ci" ? "prepare" : match[2]!);

describe("every script in package.json", () => {
  it("has a run, named here", async () => {
    expect(Object.keys(scripts).filter((script) => !(script in ranBy))).toEqual([]);
    expect(Object.keys(ranBy).filter((script) => !(script in scripts))).toEqual([]);
  });

  it("is called by the file named as its run", async () => {
    const byFile = new Map<string, string>();
    const text = (file: string) =>
      byFile.get(file) ?? byFile.set(file, readFileSync(join(root, file), "utf8")).get(file)!;
    const missing = Object.entries(ranBy).filter(([script, file]) => !calls(text(file), script));
    expect(missing).toEqual([]);
  });

  it("and every command README.md and docs/ tell a reader to run is a script with its run named here", async () => {
    const docs = [
      "README.md",
      "CONTRIBUTING.md",
      ...readdirSync(join(root, "docs"), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`),
    ];
    const unknown: string[] = [];
    const shown = new Set<string>();
    for (const file of docs) {
      for (const match of readFileSync(join(root, file), "utf8").matchAll(commandPattern)) {
        const script = scriptOf(match);
        shown.add(script);
        if (!(script in scripts) || !(script in ranBy)) unknown.push(`${file}: ${match[0]}`);
      }
    }
    expect(shown.size).toBeGreaterThan(20);
    // The Quick start's three: npm install (its prepare step), npm start and npm test.
    expect([...shown]).toEqual(expect.arrayContaining(["prepare", "start", "test"]));
    expect(unknown).toEqual([]);
  });

  it("and README's Quick start is the two commands this suite runs: npm install && npm start, then npm test", async () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const quickStart = /^## Quick start\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? "";
    const block = /```sh\n([\s\S]*?)```/.exec(quickStart)?.[1] ?? "";
    const commands = block
      .split("\n")
      .map((line) => line.replace(/#.*/, "").trim())
      .filter(Boolean);
    expect(commands).toEqual(["npm install && npm start", "npm test"]);
  });
});

// Lighthouse and bench:inspect need a browser (found or installed, as test:e2e does first);
// Lighthouse reads the built site: content:build and build:site make it, as `npm run build` does
// after its type check (the type check is a step of npm test, not a claim of this file).
const copy = scriptsCopy("every-script", ["browser", "content:build", "build:site"]);
const npm = copy.npm;

describe("the scripts nothing else runs, run as a user types them", () => {
  it("npm run dev serves the site, then stops", async () => {
    const child = spawn("npm", ["run", "--silent", "dev", "--", "--host", "127.0.0.1", "--port", "0", "--strictPort"], {
      cwd: copy.dir,
      env: userEnv,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    try {
      let output = "";
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no address from npm run dev:\n${output}`)), 120_000);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          // eslint-disable-next-line no-control-regex
          const found = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(output.replace(/\u001b\[[0-9;]*m/g, ""));
          if (found) {
            clearTimeout(timer);
            resolve(found[1]!);
          }
        };
        child.stdout.on("data", read);
        child.stderr.on("data", read);
        child.on("exit", (code) => reject(new Error(`npm run dev exited ${code}:\n${output}`)));
      });
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<div id="root"|<!doctype html>/i);
    } finally {
      process.kill(-child.pid!, "SIGTERM");
    }
  });

  it("npm run lighthouse on one page prints its four scores", async () => {
    await expectOk(npm("lighthouse", ["/"]), /page\s+perf\s+a11y\s+best\s+seo[\s\S]*\n\/\s+\d+\s+\d+\s+\d+\s+\d+/);
  });

  it("npm run bench:inspect on 20 FAQ entries, one run: every action answers", async () => {
    await expectOk(
      npm("bench:inspect", [], { BENCH_FAQ: "20", BENCH_RUNS: "1" }),
      /20 FAQ entries on one page[\s\S]*click the heading: cursor in its field[^:]*: \d+ ms[\s\S]*shown and marked in the preview: \d+ ms/,
    );
  });
});
