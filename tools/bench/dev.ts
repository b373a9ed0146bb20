/**
 * `npm run bench:dev`: how fast a saved content edit shows in the open page of `npm run dev`.
 * For each size (the shipped content, then the synthetic corpora of tests/helpers/bench-corpus.ts: 1,000 and
 * 4,000 files; BENCH_SIZES=shipped,1000 picks), on a copy of the project (.bench/dev-project, so
 * src/generated/ of this clone is left alone): starts `vite` (the real `npm run dev`) in a process of
 * its own, opens `/` and a Markdown page in Chromium (tools/shared/chromium.ts), scrolls `/` to
 * its FAQ and opens a question, then saves, several times each:
 * - a collection entry (the title of the first service the home page lists),
 * - a page (the home page's first heading),
 * - site.yaml (the footer's copyright line, on every page),
 * - a Markdown page (the first line of text of the first Markdown page, on its route),
 * - a mistake (the home page's first section type mistyped), then the fix (with a new heading): the fix
 *   is what is timed.
 * Which files those are is read from the content the copy has (`editsIn`), never named here: a
 * marketer who renames one leaves the benchmark working.
 * Timed from the save to the first frame painted with the edit (recorded in the page by a mutation
 * observer and the next animation frame, on the same clock as the save). Prints the medians, and
 * whether the pages updated in place: no reload, scroll position and the open question kept.
 * BENCH_PROFILE=1: for the largest size only, the dev server runs with `--cpu-prof` and Chromium
 * records a performance trace; both land in .bench/dev-profile/ (summarised by tools/bench/profile-summary.ts).
 * BENCH_RUNS sets the saves per edit (default 5).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, type Browser } from "@playwright/test";
import { bench, countFiles, fieldsOf, makeFolder } from "../../tests/helpers/bench-corpus.ts";
import { chromiumArgs, chromiumPath } from "../shared/chromium.ts";
import { copyProject } from "../shared/copy-project.ts";
import { freePort } from "../../tests/helpers/free-port.ts";
import { savedUntilShown, startVite, stopVite, watcherScript } from "./dev/vite-page.ts";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const sizes = (process.env.BENCH_SIZES ?? "shipped,1000,4000").split(",");
const profile = process.env.BENCH_PROFILE === "1";
const profileDir = join(bench, "dev-profile");
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

/** How long the dev server's content rebuilds took (ms), as it logs them. */
let rebuilds: number[] = [];

interface Edit {
  name: string;
  /** The file, relative to content/. */
  file: string;
  page: "home" | "markdown";
  /** The file's text with `mark` in a place the page shows. */
  change: (text: string, mark: string) => string;
}

interface Edits {
  edits: Edit[];
  /** The home page's file (relative to content/), where the mistake is made and fixed. */
  homeFile: string;
  /** The Markdown page's route, opened beside `/`. */
  markdownRoute: string;
}

/** The files the edits change, read from `content` (the shipped content, or a generated corpus that copies it). */
function editsIn(content: string): Edits {
  const pages = readdirSync(join(content, "pages")).sort();
  const homeName = pages.find(
    (name) => name.endsWith(".yaml") && fieldsOf(join(content, "pages", name))?.route === "/",
  );
  const markdownName = pages.find(
    (name) => name.endsWith(".md") && typeof fieldsOf(join(content, "pages", name))?.route === "string",
  );
  const home = (homeName && fieldsOf(join(content, "pages", homeName))) || {};
  const sections = Array.isArray(home.sections) ? (home.sections as Record<string, unknown>[]) : [];
  const listed = sections.flatMap((section) =>
    section.type === "services" && Array.isArray(section.services) ? (section.services as string[]) : [],
  );
  const service = listed.find((id) => existsSync(join(content, "collections", "services", `${id}.yaml`)));
  if (!homeName || !markdownName || !service)
    throw new Error(
      `${content}: bench:dev edits the page with route "/" (a YAML page), a service it lists and a Markdown page; missing: ${[
        !homeName && "the home page",
        !service && "a service listed on it",
        !markdownName && "a Markdown page",
      ]
        .filter(Boolean)
        .join(", ")}`,
    );
  const homeFile = `pages/${homeName}`;
  const markdownFile = `pages/${markdownName}`;
  return {
    homeFile,
    markdownRoute: fieldsOf(join(content, markdownFile))!.route as string,
    edits: [
      {
        name: `collection entry (services/${service}.yaml)`,
        file: `collections/services/${service}.yaml`,
        page: "home",
        change: (text, mark) => text.replace(/^title: .*$/m, `title: ${mark}`),
      },
      {
        name: `page (${homeFile})`,
        file: homeFile,
        page: "home",
        change: (text, mark) => text.replace(/^(\s+heading: ).*$/m, `$1${mark}`),
      },
      {
        name: "site settings (site.yaml)",
        file: "site.yaml",
        page: "home",
        change: (text, mark) => text.replace(/^(\s+copyright: ).*$/m, `$1${mark}`),
      },
      {
        name: `Markdown page (${markdownFile})`,
        file: markdownFile,
        page: "markdown",
        // The mark before the body's first line of text (after the front matter): a paragraph's words.
        change: (text, mark) => text.replace(/(\n---\r?\n[\s\S]*?^)([A-Za-z])/m, `$1${mark} $2`),
      },
    ],
  };
}

/** The edits' names, in the order the results print them (from the shipped content: the rows' labels). */
let editNames: string[] = [];

interface Row {
  size: string;
  files: number;
  medians: Map<string, number>;
  samples: Map<string, number[]>;
  inPlace: { reloaded: boolean; scrollKept: boolean; detailsKept: boolean };
  /** Median of the dev server's rebuilds that wrote modules (the first build left out). */
  rebuild: number;
}

async function measureSize(browser: Browser, size: string, withProfile: boolean): Promise<Row> {
  const project = join(bench, "dev-project");
  rmSync(project, { recursive: true, force: true });
  copyProject(project);
  if (size !== "shipped") {
    rmSync(join(project, "content"), { recursive: true, force: true });
    cpSync(makeFolder(Number(size)), join(project, "content"), { recursive: true });
  }
  const content = join(project, "content");
  const files = countFiles(content);
  const { edits, homeFile, markdownRoute } = editsIn(content);
  if (editNames.length === 0) editNames = edits.map((edit) => edit.name);
  // As on a developer's machine: the content built once (npm run content:build) before the dev server.
  spawnSync(process.execPath, ["scripts/content/cli/run.mjs", "build"], { cwd: project, stdio: "ignore" });
  const port = await freePort();
  if (withProfile) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
  }
  rebuilds = [];
  const vite = await startVite(project, port, {
    ...(withProfile ? { cpuProfDir: profileDir } : {}),
    onRebuild: (ms) => rebuilds.push(ms),
  });
  const base = `http://127.0.0.1:${port}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const home = await context.newPage();
  const markdown = await context.newPage();
  const pages = { home, markdown };
  const originals = new Map(edits.map((e) => [e.file, readFileSync(join(content, e.file), "utf8")]));
  const samples = new Map<string, number[]>();
  try {
    // What is waited for is the page's heading, drawn, within a busy machine's bound (the dev server
    // transforms every module on a first visit): not the load event within Playwright's 30 s.
    const open = { waitUntil: "commit", timeout: 180_000 } as const;
    await home.goto(`${base}/`, open);
    await home.getByRole("heading", { level: 1 }).waitFor({ timeout: 180_000 });
    await markdown.goto(`${base}${markdownRoute}`, open);
    await markdown.getByRole("heading", { level: 1 }).waitFor({ timeout: 180_000 });
    // Where a marketer might be: further down the page, a question open.
    const question = home.locator("details").first();
    await question.scrollIntoViewIfNeeded();
    await question.locator("summary").click();
    // Kept in place: the open question stays where it is on the screen (the browser's scroll anchoring
    // moves the scroll position when an edit above changes the height of what is above it).
    const top = () => question.evaluate((d) => Math.round(d.getBoundingClientRect().top));
    const questionTop = await top();
    for (const page of [home, markdown]) await page.evaluate(watcherScript);
    if (withProfile)
      await browser.startTracing(home, { path: join(profileDir, "page-trace.json"), screenshots: false });

    let n = 0;
    for (let i = 0; i < runs + 1; i++) {
      for (const [e, edit] of edits.entries()) {
        const mark = `Bench edit ${++n}`;
        const ms = await savedUntilShown(
          pages[edit.page],
          join(content, edit.file),
          edit.change(originals.get(edit.file)!, mark),
          mark,
        );
        // The first round warms up (the first hot update of each module compiles it).
        // Recorded under the first size's names (a corpus's home page may be another file).
        const name = editNames[e]!;
        if (i > 0) samples.set(name, [...(samples.get(name) ?? []), ms]);
        await sleep(300);
      }
      // A mistake (the panel shows), then its fix: the fix is timed.
      const broken = originals.get(homeFile)!.replace(/^(\s+- type: )(\S+)/m, "$1$2-mistyped");
      writeFileSync(join(content, homeFile), broken);
      await home.locator("#content-problems").waitFor({ state: "attached", timeout: 20_000 });
      await sleep(300);
      const mark = `Bench fix ${++n}`;
      const fixed = edits[1]!.change(originals.get(homeFile)!, mark);
      const ms = await savedUntilShown(home, join(content, homeFile), fixed, mark);
      await home.locator("#content-problems").waitFor({ state: "detached", timeout: 20_000 });
      if (i > 0) samples.set("fix after a mistake", [...(samples.get("fix after a mistake") ?? []), ms]);
      await sleep(300);
    }
    if (withProfile) await browser.stopTracing();
    const inPlace = {
      reloaded:
        !(await home.evaluate("window.benchMarker === true")) ||
        !(await markdown.evaluate("window.benchMarker === true")),
      scrollKept: Math.abs((await top()) - questionTop) < 2,
      detailsKept: (await home.locator("details").first().getAttribute("open")) !== null,
    };
    return {
      size,
      files,
      samples,
      medians: new Map([...samples].map(([name, values]) => [name, median(values)])),
      inPlace,
      rebuild: median(rebuilds.slice(1)),
    };
  } finally {
    for (const [file, text] of originals) writeFileSync(join(content, file), text);
    await context.close();
    await stopVite(vite);
  }
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const rows: Row[] = [];
try {
  for (const size of sizes) {
    const row = await measureSize(browser, size, profile && size === sizes[sizes.length - 1]);
    rows.push(row);
    console.log(`${size}: ${row.files} files done`);
  }
} finally {
  await browser.close();
}

const names = [...editNames, "fix after a mistake"];
console.log(
  `\ncontent save → the open page painted with it, \`npm run dev\` in Chromium (median of ${runs} saves, ms)\n`,
);
console.log(`${"edit".padEnd(44)}${rows.map((r) => `${r.files} files`.padStart(14)).join("")}`);
for (const name of names) {
  console.log(`${name.padEnd(44)}${rows.map((r) => `${r.medians.get(name)!.toFixed(0)}`.padStart(14)).join("")}`);
}
console.log("\nevery save (ms):");
for (const row of rows) {
  for (const name of names)
    console.log(
      `  ${row.files} files, ${name}: ${row.samples
        .get(name)!
        .map((t) => t.toFixed(0))
        .join(", ")}`,
    );
}
console.log("");
for (const row of rows) {
  const { reloaded, scrollKept, detailsKept } = row.inPlace;
  console.log(
    `${row.files} files: updated in place: ${reloaded ? "no, reloaded ✖" : "yes ✔"}; scroll position kept: ${scrollKept ? "yes ✔" : "no ✖"}; open question kept: ${detailsKept ? "yes ✔" : "no ✖"}`,
  );
}
console.log(
  `\nthe dev server's rebuild (from its start to the modules written and the pages told), median: ${rows.map((r) => `${r.rebuild} ms at ${r.files} files`).join(", ")}`,
);
const worst = Math.max(...rows.flatMap((r) => [...r.medians.values()]));
console.log(`\nslowest median: ${worst.toFixed(0)} ms (target ≤ 300 ms at 4,000 files) ${worst <= 300 ? "✔" : "✖"}`);
if (profile && existsSync(profileDir))
  console.log(`profiles in ${profileDir} (node --import tsx tools/bench/profile-summary.ts)`);
