/**
 * Cross-file rules that no single field can check: routes and redirected addresses are unique,
 * at most one plan is marked popular, a plan does not include itself. In: the validated content.
 * Out: problems.
 */
import type { Content } from "./validate.ts";
import { locate } from "../problems/position.ts";
import { compareText, fieldPath, type Problem } from "../problems/problem.ts";
import type { SourceFile } from "./load.ts";

export function checkRules(content: Content, files: readonly SourceFile[]): Problem[] {
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
