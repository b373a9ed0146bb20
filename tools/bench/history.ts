/**
 * Measures /admin/'s history (issue 46, item 8: with 2,000 commits, an entry's first 30 versions in at
 * most 1 s and recent changes in at most 1.5 s) through the code the screens use: a history source
 * (schemas/history.ts), then each version read and said in words (admin/history/recent/change-rows.ts'
 * `rowPage`, describe-change.ts' `describeRows`, which runs changesBetween). A Git repository is made
 * in a temporary folder by one `git fast-import`: the shipped content/ committed, then BENCH_COMMITS
 * (2,000) commits by three people, each changing one content file's value (every tenth the measured
 * plan's price; one in ten a file outside content/). It is served both ways the screens read it:
 * `npm run cms`'s endpoint over git (scripts/history/endpoint.ts, read by local-source.ts) and the
 * stand-in GitHub (tests/helpers/github-stand-in.ts with `git`, read by github-source.ts through the
 * one client). Each question is asked first with a new source, then again with the same one (GitHub's
 * conditional requests, ETag: 304s) and a new reader, as when a screen is opened again; each source
 * is warmed up first on another file, with a source of its own.
 * Usage: npm run bench:history  (BENCH_COMMITS=200 for a small run)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parseDocument } from "yaml";
import { rowPage, type RowFilter } from "../../admin/history/recent/change-rows.ts";
import { describeRows, keptReader } from "../../admin/history/recent/describe-change.ts";
import { gitHubHistory } from "../../admin/history/sources/github-source.ts";
import { localHistory } from "../../admin/history/sources/local-source.ts";
import { entryFields } from "../../admin/editor/labels.ts";
import type { HistorySource } from "../../schemas/history.ts";
import { cmsConfig } from "../../scripts/cms/config.ts";
import { gitHub } from "../../scripts/github/client.ts";
import { historyHandler } from "../../scripts/history/endpoint.ts";
import { gitHistory } from "../../scripts/history/git-history.ts";
import { startGitHubStandIn } from "../../tests/helpers/github-stand-in.ts";
import { root } from "../shared/copy-project.ts";

const commits = Number(process.env.BENCH_COMMITS ?? 2000);
const repo = "bench/site";
const config = cmsConfig({ repo });
const people = [
  { name: "Maria Lopez", email: "maria@example.test" },
  { name: "Sam Okafor", email: "sam@example.test" },
  { name: "Ana Weber", email: "ana@example.test" },
];

// The shipped content's YAML files, by repository path; the measured entry is the first plan.
const contentDir = join(root, "content");
const files = new Map(
  readdirSync(contentDir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".yaml"))
    .sort()
    .map((f) => [
      `content/${relative(contentDir, join(contentDir, f)).split("\\").join("/")}`,
      readFileSync(join(contentDir, f), "utf8"),
    ]),
);
const plan = [...files.keys()].find((path) => path.startsWith("content/collections/plans/"))!;
const others = [...files.keys()].filter((path) => path !== plan);

/** The file's text with its first top-level text or number value changed for commit `n`. */
function edited(text: string, n: number): string {
  const doc = parseDocument(text);
  const contents = doc.contents as { items?: { key: { value: unknown }; value: { value: unknown } }[] } | null;
  const pair = contents?.items?.find((p) => ["string", "number"].includes(typeof p.value?.value));
  if (!pair) return `${text}# revision ${n}\n`;
  const key = String(pair.key.value);
  doc.set(
    key,
    typeof pair.value.value === "number" ? n : `${String(pair.value.value).replace(/ \(rev \d+\)$/, "")} (rev ${n})`,
  );
  return doc.toString();
}

/** The repository, by one `git fast-import`: the content, then `commits` commits. */
function makeRepository(folder: string) {
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const start = Date.parse("2025-01-01T09:00:00Z") / 1000;
  const parts: string[] = [];
  const commit = (n: number, who: (typeof people)[number], message: string, changes: string) => {
    const time = `${start + n * 3600} +0000`;
    parts.push(
      `commit refs/heads/main\nauthor ${who.name} <${who.email}> ${time}\ncommitter Decap <cms@example.test> ${time}\n${data(message)}${changes}`,
    );
  };
  const write = (path: string, text: string) => `M 100644 inline ${path}\n${data(text)}`;
  commit(0, people[0]!, "The content as launched", [...files].map(([path, text]) => write(path, text)).join(""));
  for (let n = 1; n <= commits; n++) {
    const who = people[n % people.length]!;
    if (n % 10 === 5) {
      commit(n, who, `Code change ${n}`, write("src/bench.ts", `export const n = ${n};\n`));
      continue;
    }
    const path = n % 10 === 0 ? plan : others[n % others.length]!;
    const text = edited(files.get(path)!, n);
    files.set(path, text);
    commit(n, who, `Update ${path.slice(path.lastIndexOf("/") + 1)}`, write(path, text));
  }
  execFileSync("git", ["init", "-q", "-b", "main", folder]);
  execFileSync("git", ["-C", folder, "fast-import", "--quiet"], { input: parts.join(""), maxBuffer: 1 << 30 });
}

const options = (source: HistorySource) => ({
  collections: config.collections,
  fieldsOf: (entry: { collection: string; slug: string }) => entryFields(config, entry.collection, entry.slug),
  read: keptReader(source),
});

/** One question as the screen asks it: a page of rows, each said in words; its time in ms and its rows. */
async function timed(source: HistorySource, filter: RowFilter) {
  const started = performance.now();
  const page = await rowPage(source, filter);
  const rows = await describeRows(page.rows, options(source));
  const said = rows.reduce((n, row) => n + row.files.reduce((m, file) => m + file.said.length, 0), 0);
  return { ms: performance.now() - started, rows: rows.length, said };
}

const folder = mkdtempSync(join(tmpdir(), "bench-history-"));
const made = performance.now();
makeRepository(folder);
const shas = execFileSync("git", ["-C", folder, "rev-list", "--count", "main"]).toString().trim();
console.log(
  `A repository of ${Number(shas).toLocaleString("en-US")} commits (made in ${Math.round(performance.now() - made)} ms); the entry: ${plan}`,
);

const github = await startGitHubStandIn({ repo, git: folder, pageSize: 100 });
const local = createServer(historyHandler(gitHistory(folder)));
await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(local.address() as { port: number }).port}`;
const sources: Record<string, () => HistorySource> = {
  "npm run cms (local Git)": () => localHistory({ base }),
  "GitHub (stand-in)": () => {
    const token = `ghs_bench${Math.random().toString(16).slice(2)}0123456789`;
    github.grant(token);
    return gitHubHistory({ client: gitHub({ api: github.url, token }), repo, branch: "main" });
  },
};
const questions: [string, RowFilter, number][] = [
  ["an entry's first 30 versions, in words", { path: plan, limit: 30 }, 1000],
  ["recent changes (a page of 20), in words", {}, 1500],
];

let over = 0;
try {
  for (const [name, make] of Object.entries(sources)) {
    // A warm-up with a source of its own, on another file: Node's fetch started and the code compiled,
    // which a browser with /admin/ open has done; nothing it reads is kept for the questions.
    await timed(make(), { path: others[0]!, limit: 2 });
    console.log(`\n${name}`);
    for (const [question, filter, target] of questions) {
      const source = make();
      const asked = github.requests.length;
      const first = await timed(source, filter);
      const firstRequests = github.requests.length - asked;
      const again = await timed(source, filter);
      const requests = name.startsWith("GitHub")
        ? `; GitHub requests: ${firstRequests} first, ${github.requests.length - asked - firstRequests} again`
        : "";
      const worst = Math.max(first.ms, again.ms);
      if (worst > target) over++;
      console.log(
        `  ${question.padEnd(42)} first ${first.ms.toFixed(0).padStart(5)} ms, again ${again.ms.toFixed(0).padStart(5)} ms` +
          ` (${first.rows} rows, ${first.said} changes said${requests}); target ≤ ${target} ms ${worst <= target ? "✔" : "✖"}`,
      );
    }
  }
} finally {
  await Promise.all([github.close(), new Promise((resolve) => local.close(resolve))]);
  rmSync(folder, { recursive: true, force: true });
}
console.log(over ? `\n✖ ${over} over target` : "\n✔ every question within its target");
