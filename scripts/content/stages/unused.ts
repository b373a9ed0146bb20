/**
 * Warnings for collection entries and forms that no published page shows: nothing is wrong with
 * them, but an entry written and never listed is usually a forgotten step. Each warning names the
 * sections where the entry could be listed. Drafts are left alone (they are hidden on purpose).
 * In: the published content and the parsed files. Out: warnings at each unused entry's id.
 */
import { contentKinds, pagesKinds, referableKinds, referenceFields as referencesOf, sectionSchemas, withoutContext, type KindTable, type Reference, type Section } from "../../../schemas/index.ts";
import { locate } from "../problems/position.ts";
import type { SourceFile } from "./load.ts";
import { fieldPath, type Problem } from "../problems/problem.ts";
import { kindOf, type Content } from "./validate.ts";

/** The reference fields of each section type: field name → the kind it refers to, and whether a list. */
const referenceFields = new Map(sectionSchemas(withoutContext).map((schema) => [schema.shape.type.value as Section["type"], referencesOf(schema)]));

export function findUnused(content: Content, files: readonly SourceFile[], kinds: KindTable = contentKinds): Problem[] {
  const shown = new Map<string, Set<string>>();
  for (const { page } of content.pages) {
    for (const section of page.sections) {
      for (const { field, kind } of referenceFields.get(section.type) ?? []) {
        const value = (section as unknown as Record<string, Reference | Reference[] | undefined>)[field];
        if (value === undefined) continue;
        const ids = shown.get(kind) ?? shown.set(kind, new Set()).get(kind)!;
        for (const reference of Array.isArray(value) ? value : [value]) ids.add(reference.id);
      }
    }
  }
  // An entry with a page of its own is shown there, and so are its author and its tags (their pages list it).
  const withPages = new Set(pagesKinds(kinds).map((kind) => kind.name));
  for (const name of withPages) {
    for (const entry of (content.collections[name] ?? []) as { author?: Reference; tags?: Reference[] }[]) {
      for (const reference of [...(entry.author ? [entry.author] : []), ...(entry.tags ?? [])]) {
        (shown.get(reference.kind) ?? shown.set(reference.kind, new Set()).get(reference.kind)!).add(reference.id);
      }
    }
  }
  // Where an entry could be listed, for the messages: only when there is one (it needs positions).
  let placesFound: Map<string, string[]> | undefined;
  const placesOf = (kind: string) => {
    if (!placesFound) {
      const places = (placesFound = new Map<string, string[]>());
      for (const { file, page } of content.pages) {
        if (file.role !== "page" || file.markdown) continue;
        page.sections.forEach((section, index) => {
          for (const { field, kind } of referenceFields.get(section.type) ?? []) {
            const { line } = locate(file, ["sections", index]);
            (places.get(kind) ?? places.set(kind, []).get(kind)!).push(`the "${field}" of the ${section.type} section at ${file.path}:${line}`);
          }
        });
      }
    }
    return placesFound.get(kind) ?? [];
  };

  const warnings: Problem[] = [];
  const warn = (file: SourceFile, path: PropertyKey[], kind: string, id: string) => {
    const noun = kindOf(file, kinds).noun;
    const { line, column } = locate(file, path);
    const where = [...new Set(placesOf(kind))];
    warnings.push({
      file: file.path,
      line,
      column,
      field: fieldPath(path),
      severity: "warning",
      message: `the ${noun} "${id}" is not shown on any page. ${
        where.length
          ? `List it in ${where.slice(0, 3).join(", or ")}${where.length > 3 ? ` (or ${where.length - 3} more)` : ""}`
          : `No page has a section that lists ${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun} yet: add one`
      }, or mark it draft: true if it is not ready`,
    });
  };
  // Published entries of every kind a section may list (collections, forms): those no page shows.
  const published = new Map<string, Set<string>>(Object.entries(content.collections).map(([kind, entries]) => [kind, new Set(entries.map((e) => e.id))]));
  published.set("forms", new Set(Object.keys(content.forms)));
  const referable = new Set(referableKinds(kinds).map((kind) => kind.name));
  for (const file of files) {
    if (!referable.has(file.kind) || withPages.has(file.kind) || (file.data as { draft?: unknown } | null)?.draft === true) continue;
    if (published.get(file.kind)?.has(file.name) && !shown.get(file.kind)?.has(file.name)) warn(file, [], file.kind, file.name);
  }
  return warnings;
}
