/**
 * Cross-file rules that no single field can check: routes and redirected addresses are unique,
 * at most one plan is marked popular, a plan does not include itself. In: the validated content.
 * Out: problems.
 */
import { contentKinds, pagesKinds, tagAddress, type KindTable } from "../../../schemas/index.ts";
import { madeAddresses, tagSlug, type MadeAddress } from "./addresses.ts";
import { asRecord, asString } from "./unchecked.ts";
import type { Content } from "./validate.ts";
import { locate } from "../problems/position.ts";
import { compareText, fieldPath, type Problem } from "../problems/problem.ts";
import type { SourceFile } from "./load.ts";

/**
 * Every address is one page's: a page's route, an entry's page and a listing's page (the kinds with
 * pages make those, addresses.ts) never meet. A page at an address a kind makes is reported at its
 * route (its address is the one chosen by hand); two entries at one address, at the second by path;
 * two tags that make one address, at the second's `slug` (or its first line).
 */
function checkAddresses(files: readonly SourceFile[], kinds: KindTable, report: (file: SourceFile, path: PropertyKey[], message: string) => void): void {
  const tags = files.filter((file) => file.kind === "tags").sort((a, b) => compareText(a.path, b.path));
  const bySlug = new Map<string, SourceFile>();
  for (const file of tags) {
    const slug = tagSlug(file);
    const first = bySlug.get(slug);
    if (!first) bySlug.set(slug, file);
    else {
      const field = asRecord(file.data).slug === undefined ? [] : ["slug"];
      report(file, field, `this tag makes the address "${slug}" of its pages (e.g. ${pagesKinds(kinds).map((kind) => tagAddress(kind.address, slug))[0] ?? `/tags/${slug}`}), which the tag ${first.path} already makes: give this tag another slug, or use that tag instead`);
    }
  }
  const byPath = new Map(files.map((file) => [file.path, file]));
  const pages = new Map<string, SourceFile>();
  for (const file of files) {
    const route = file.role === "page" ? asString(asRecord(file.data).route) : undefined;
    if (route !== undefined && !pages.has(route)) pages.set(route, file);
  }
  const entries = new Map<string, { made: MadeAddress; file: SourceFile }>();
  const made = madeAddresses(files, kinds).sort((a, b) => compareText(a.file?.path ?? "", b.file?.path ?? ""));
  for (const address of made) {
    const page = pages.get(address.route);
    if (page) {
      const where = address.file?.path ? ` (${address.file.path})` : ` (the ${address.kind.name} row's address "${address.kind.address}" in schemas/kinds.ts makes it)`;
      report(page, ["route"], `the address "${address.route}" is taken by ${address.what}${where}: give this page another route`);
      continue;
    }
    const file = address.file?.path ? byPath.get(address.file.path) : undefined;
    if (!file) continue;
    const first = entries.get(address.route);
    if (!first) entries.set(address.route, { made: address, file });
    else report(file, [], `this ${address.kind.noun}'s address "${address.route}" is already taken by ${first.made.what} (${first.file.path}): two entries cannot share an address. Rename this file`);
  }
  // A listing's address that an entry takes: "/guides/page/2" is the listing's.
  for (const address of made) {
    if (address.file) continue;
    const entry = entries.get(address.route);
    if (entry) report(entry.file, [], `this ${entry.made.kind.noun}'s address "${address.route}" is taken by ${address.what}: rename this file`);
  }
}

export function checkRules(content: Content, files: readonly SourceFile[], kinds: KindTable = contentKinds): Problem[] {
  const problems: Problem[] = [];
  const report = (file: SourceFile, path: PropertyKey[], message: string) =>
    problems.push({ file: file.path, ...locate(file, path), field: fieldPath(path), message });

  // Pages by route; a route with more than one page: the first by path keeps it, the others are reported.
  const byRoute = new Map<string, SourceFile[]>();
  for (const { file, page } of content.pages) (byRoute.get(page.route) ?? byRoute.set(page.route, []).get(page.route)!).push(file);
  for (const [route, pages] of byRoute) {
    if (pages.length < 2) continue;
    const [first, ...others] = pages.sort((a, b) => compareText(a.path, b.path));
    for (const file of others) report(file, ["route"], `the route "${route}" is already used by ${first!.path}: give this page another route`);
  }

  checkAddresses(files, kinds, report);

  // Read from the file itself, so a duplicate is reported even when another entry has a problem.
  const redirectsFile = files.find((file) => file.kind === "redirects");
  const list = (redirectsFile?.data as { redirects?: unknown } | null)?.redirects;
  if (redirectsFile && Array.isArray(list)) {
    const seen = new Map<string, number>();
    (list as unknown[]).forEach((entry, index) => {
      const from = (entry as { from?: unknown } | null)?.from;
      if (typeof from !== "string") return;
      const first = seen.get(from);
      if (first === undefined) seen.set(from, index);
      else {
        const line = locate(redirectsFile, ["redirects", first, "from"]).line;
        report(redirectsFile, ["redirects", index, "from"], `"${from}" is already redirected by entry ${first + 1} (line ${line}): keep one of the two`);
      }
    });
  }

  // Entries of a collection, each in its own file (ids are file names, so they are unique).
  const popular: { file: SourceFile; id: string }[] = [];
  const plans = new Map((content.collections.plans ?? []).map((plan) => [plan.id, plan]));
  for (const file of files) {
    if (file.kind !== "plans") continue;
    const entry = plans.get(file.name);
    if (!entry) continue;
    if (entry.includes?.id === entry.id) report(file, ["includes"], "a plan cannot include itself: name another plan or remove this line");
    if (entry.popular) popular.push({ file, id: entry.id });
  }
  for (const { file } of popular.slice(1)) {
    report(file, ["popular"], `only one plan may be marked popular, and "${popular[0]!.id}" already is: remove this line or set it to false`);
  }
  return problems;
}
