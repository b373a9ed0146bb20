/**
 * `npm run bench:content`: how long the content pipeline takes, as wall time of the real command
 * (process start included), on the shipped content and on synthetic content folders of 250, 500
 * and 1,000 files (the shipped site, collections and images, plus generated YAML and Markdown pages).
 * In: content/. Out: a table on stdout; the synthetic folders are left in .bench/ (gitignored).
 * Targets: shipped content under 1 s; 1,000 files under 3 s; cost growing linearly.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const root = join(import.meta.dirname, "..");
const bench = join(root, ".bench");
const runs = 3;

function countFiles(dir: string): number {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as { isFile(): boolean }[]).filter((d) =>
    d.isFile(),
  ).length;
}

function yamlPage(i: number): string {
  return `route: /generated/page-${i}
title: Generated page ${i}
description: A synthetic page for the content benchmark, number ${i}.
sections:
  - type: hero
    heading: Synthetic page ${i}
    intro: Call {{phone}} for **help** with [your devices](/contact).
    actions:
      - label: Call now
        to: phone
    highlights: [Open 24/7, Toll free]
    image:
      src: images/banner.svg
      alt: A banner picture
  - type: services
    heading: Services
    services: [laptop-computer, pc-mac, tablet, ios-android, network-setup, printer]
    buttonLabel: Submit The Form For Assistance
    form: callback
  - type: pricing
    heading: Plans
    plans: [starter, professional, enterprice]
    form: subscribe
    buttonLabel: Subscribe
    popularLabel: Most Popular
    periodLabel: /month
    includesLabel: "Everything in {plan}, plus:"
  - type: faq
    heading: Questions
    questions: [how-remote-support-works, is-it-safe, what-we-fix]
`;
}

function markdownPage(i: number): string {
  return `---
route: /generated/legal-${i}
title: Generated legal page ${i}
description: A synthetic Markdown page for the content benchmark.
updated: 2026-01-31
---

## Section ${i}

Our service is for **adults** aged 18 or older. Contact [{{email}}](mailto:{{email}}) or read the
[terms](/terms).

- one point
- another point with _emphasis_
`;
}

function makeFolder(total: number): string {
  const dir = join(bench, `content-${total}`);
  rmSync(dir, { recursive: true, force: true });
  cpSync(join(root, "content"), dir, { recursive: true });
  mkdirSync(join(dir, "pages"), { recursive: true });
  const extra = total - countFiles(dir);
  for (let i = 0; i < extra; i++) {
    if (i % 2 === 0) writeFileSync(join(dir, "pages", `generated-${i}.yaml`), yamlPage(i));
    else writeFileSync(join(dir, "pages", `generated-${i}.md`), markdownPage(i));
  }
  return dir;
}

function time(args: string[]): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const result = spawnSync(process.execPath, ["scripts/content/run.mjs", ...args], {
      cwd: root,
      encoding: "utf8",
    });
    samples.push(performance.now() - start);
    if (result.status !== 0) throw new Error(`content ${args.join(" ")} failed:\n${result.stderr}${result.stdout}`);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const rows: { name: string; files: number; check: number; build: number }[] = [];
const shippedOut = join(bench, "out-shipped");
rows.push({
  name: "shipped content",
  files: countFiles(join(root, "content")),
  check: time(["check"]),
  build: time(["build", `--out=${shippedOut}`]),
});
for (const total of [250, 500, 1000]) {
  const dir = makeFolder(total);
  const out = join(bench, `out-${total}`);
  rmSync(out, { recursive: true, force: true });
  rows.push({
    name: `synthetic ${total}`,
    files: countFiles(dir),
    check: time(["check", `--content=${dir}`]),
    build: time(["build", `--content=${dir}`, `--out=${out}`]),
  });
}

const baseline = rows[0]!.check;
console.log(`content pipeline, wall time of the command (median of ${runs}, process start included)\n`);
console.log("content            files   check ms   build ms   check ms per 100 files above the shipped");
for (const row of rows) {
  const perHundred =
    row.files > rows[0]!.files ? (((row.check - baseline) / (row.files - rows[0]!.files)) * 100).toFixed(1) : "-";
  console.log(
    `${row.name.padEnd(18)} ${String(row.files).padStart(5)} ${row.check.toFixed(0).padStart(10)} ${row.build.toFixed(0).padStart(10)}   ${perHundred.padStart(8)}`,
  );
}
const shipped = rows[0]!;
const thousand = rows[rows.length - 1]!;
console.log(
  `\nshipped content check: ${shipped.check.toFixed(0)} ms (target < 1000 ms) ${shipped.check < 1000 ? "✔" : "✖"}`,
);
console.log(
  `1,000 files check: ${thousand.check.toFixed(0)} ms, build: ${thousand.build.toFixed(0)} ms (target < 3000 ms) ${Math.max(thousand.check, thousand.build) < 3000 ? "✔" : "✖"}`,
);
