/**
 * `npm run check`: the developer's loop before a commit, in under a minute: the content check, the type
 * check (incremental), ESLint (cached) and Prettier on the changed files, and the unit and component
 * tests the change touches; then a summary with each step's time, through `npm test`'s runner
 * (tools/run/run-steps.ts).
 * Stops at the first failing step and exits 1. `npm test` (every check) is for before a pull request.
 * - Changed files: `git diff HEAD` (staged or not) and the untracked files git does not ignore; with no
 *   git (not a clone, or no commit yet), every file: lint and Prettier on the whole project, and the
 *   whole unit run.
 * - Touched tests: the changed test files, and the tests that import a changed file themselves (not
 *   through another module: a change to a module every test reaches, the union of section types for
 *   one, would otherwise run the whole unit suite, which takes minutes; the type check covers the
 *   rest, and `npm test` runs everything). Vitest runs those of its `node` and `components` projects.
 * In: the project (this file's folder's parent). Out: what each tool prints, then the summary.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { runSteps, type Runnable } from "./run-steps.ts";

const root = join(import.meta.dirname, "..", "..");
/** Per checkout: two clones sharing node_modules (a copy linking it) never share a cache. */
const cacheDir = join(
  root,
  "node_modules",
  ".cache",
  "check",
  createHash("sha256").update(root).digest("hex").slice(0, 12),
);

const bin = (...path: string[]) => join(root, "node_modules", ...path);
const lintable = /\.(?:[cm]?js|tsx?|mts)$/;
const testFile = /\.test\.tsx?$/;

/** The changed files, relative to the project, or undefined when git cannot say (no git, no clone, no commit). */
function changedFiles(cwd: string = root): string[] | undefined {
  const git = (...args: string[]) => spawnSync("git", args, { cwd, encoding: "utf8" });
  if (git("rev-parse", "--verify", "--quiet", "HEAD").status !== 0) return undefined;
  const tracked = git("diff", "--name-only", "--relative", "--diff-filter=d", "-z", "HEAD");
  const untracked = git("ls-files", "--others", "--exclude-standard", "-z");
  if (tracked.status !== 0 || untracked.status !== 0) return undefined;
  const files = `${tracked.stdout}${untracked.stdout}`.split("\0").filter(Boolean);
  // A link git lists as untracked (node_modules in a copy that links it) is no file of ours.
  return [...new Set(files)].filter((file) => existsSync(join(cwd, file)) && statSync(join(cwd, file)).isFile());
}

/** The module a relative import names, as the project writes them (with or without the extension). */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx")];
  for (const ext of [".ts", ".tsx", ".js", ".mjs"]) candidates.push(`${base}${ext}`, join(base, `index${ext}`));
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** Every test file of the project (its own files: not node_modules, build output or benchmarks' copies). */
function testFiles(dir: string = root): string[] {
  const skip = new Set(["node_modules", ".git", "dist", ".bench", ".ssr", ".sites", ".size-floor", ".data"]);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skip.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return testFile.test(entry.name) ? [path] : [];
  });
}

/** The changed test files and the tests importing a changed file directly, relative to the project. */
function touchedTests(changed: readonly string[], cwd: string = root): string[] {
  const changedPaths = new Set(changed.map((file) => resolve(cwd, file)));
  return testFiles(cwd)
    .filter((test) => {
      if (changedPaths.has(test)) return true;
      const text = readFileSync(test, "utf8");
      return [...text.matchAll(/(?:from|import\s*\(?)\s*["'](\.{1,2}\/[^"']+)["']/g)].some((match) => {
        const target = resolveImport(test, match[1]!);
        return target !== undefined && changedPaths.has(target);
      });
    })
    .map((test) => relative(cwd, test).split("\\").join("/"))
    .sort();
}

/** The steps for these changed files (undefined: every file). */
function checkSteps(changed: readonly string[] | undefined): Runnable[] {
  const node = process.execPath;
  const npm = (script: string) => ["npm", "run", "--silent", script];
  const toLint = changed?.filter((file) => lintable.test(file));
  const tests = changed && touchedTests(changed);
  const vitest = [node, bin("vitest", "vitest.mjs"), "run", "--project", "node", "--project", "components"];
  return [
    { label: "content check", command: npm("content:check") },
    // content:build first: the generated types come from content.
    { label: "generated modules", command: npm("content:build") },
    {
      label: "type check (incremental)",
      beside: true,
      command: [
        node,
        bin("@typescript/native", "bin", "tsc"),
        "-p",
        ".",
        "--incremental",
        "--tsBuildInfoFile",
        join(cacheDir, "tsconfig.tsbuildinfo"),
      ],
    },
    toLint?.length === 0
      ? { label: "ESLint", skipped: "no changed script", beside: true }
      : {
          label: `ESLint (${toLint ? `${toLint.length} changed` : "every file"})`,
          beside: true,
          command: [
            node,
            bin("eslint", "bin", "eslint.js"),
            "--cache",
            "--cache-location",
            join(cacheDir, "eslintcache"),
            "--no-warn-ignored",
            ...(toLint ?? ["."]),
          ],
        },
    changed?.length === 0
      ? { label: "Prettier", skipped: "nothing changed", beside: true }
      : {
          label: `Prettier (${changed ? `${changed.length} changed` : "every file"})`,
          beside: true,
          command: [node, bin("prettier", "bin", "prettier.cjs"), "--check", "--ignore-unknown", ...(changed ?? ["."])],
        },
    tests?.length === 0
      ? { label: "unit and component tests", skipped: "no test touched" }
      : {
          label: `unit and component tests (${tests ? `${tests.length} touched` : "all"})`,
          command: [...vitest, "--passWithNoTests", ...(tests ?? [])],
        },
  ];
}

const changed = changedFiles();
console.log(
  changed
    ? `npm run check: ${changed.length} changed file(s) (git diff HEAD, and untracked)`
    : "npm run check: no git history here: every file is checked",
);
const passed = await runSteps(checkSteps(changed), { title: "npm run check", cwd: root, launchContent: false });
if (passed) console.log("before a pull request: npm test");
process.exitCode = passed ? 0 : 1;
