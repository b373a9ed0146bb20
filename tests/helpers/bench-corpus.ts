/**
 * The benchmarks' synthetic content: the shipped content/ copied and filled up to a number of files
 * with generated YAML pages (every section kind that refers to collections, Markdown in fields, an
 * image) and Markdown pages (links, e-mail token, lists). Used by `npm run bench:content` and
 * `npm run bench:velite`, so both measure the same corpora.
 * In: a file count. Out: the folder .bench/content-<count>/ (gitignored).
 */
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const root = join(import.meta.dirname, "..", "..");
export const bench = join(root, ".bench");

export function countFiles(dir: string): number {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as { isFile(): boolean }[]).filter((d) =>
    d.isFile(),
  ).length;
}

export function yamlPage(i: number): string {
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

export function markdownPage(i: number): string {
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

export function makeFolder(total: number): string {
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
