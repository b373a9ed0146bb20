/**
 * Warnings for collection entries and forms that no published page shows: nothing is wrong with
 * them, but an entry written and never listed is usually a forgotten step. Each warning names the
 * sections where the entry could be listed. Drafts are left alone (they are hidden on purpose).
 * In: the published content and the parsed files. Out: warnings at each unused entry's id.
 */
import type { z } from "zod";
import {
  referenceNouns,
  referenceOf,
  sectionSchemas,
  withoutContext,
  type Reference,
  type ReferenceKind,
  type Section,
} from "../../../schemas/index.ts";
import { locate } from "../problems/locate.ts";
import type { SourceFile } from "./load.ts";
import { fieldPath, type Problem } from "../problems/problem.ts";
import type { Content } from "./validate.ts";

/** The reference fields of each section type: field name → the kind it refers to, and whether a list. */
const referenceFields = new Map(
  sectionSchemas(withoutContext).map((schema) => {
    const fields: { field: string; kind: ReferenceKind; list: boolean }[] = [];
    for (const [field, value] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      let inner = value;
      while ("unwrap" in inner && typeof inner.unwrap === "function") inner = (inner as z.ZodOptional).unwrap() as z.ZodType;
      const element = (inner as Partial<z.ZodArray>).element as z.ZodType | undefined;
      const kind = referenceOf(inner) ?? (element ? referenceOf(element) : undefined);
      if (kind) fields.push({ field, kind, list: Boolean(element) });
    }
    return [schema.shape.type.value as Section["type"], fields];
  }),
);

export function findUnused(content: Content, files: readonly SourceFile[]): Problem[] {
  const shown = new Map<ReferenceKind, Set<string>>();
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
  // Where an entry could be listed, for the messages: only when there is one (it needs positions).
  let placesFound: Map<ReferenceKind, string[]> | undefined;
  const placesOf = (kind: ReferenceKind) => {
    if (!placesFound) {
      const places = (placesFound = new Map<ReferenceKind, string[]>());
      for (const { file, page } of content.pages) {
        if (file.kind !== "page") continue;
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
  const warn = (file: SourceFile, path: PropertyKey[], kind: ReferenceKind, id: string) => {
    const noun = referenceNouns[kind];
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
          : `No page has a section that lists a ${noun} yet: add one`
      }, or mark it draft: true if it is not ready`,
    });
  };
  const published = new Map(
    Object.entries(content.collections).map(([kind, entries]) => [kind, new Set((entries as { id: string }[]).map((e) => e.id))]),
  );
  for (const file of files) {
    if (file.kind === "collection" && file.collection) {
      const kind = file.collection;
      if ((file.data as { draft?: unknown } | null)?.draft === true || !published.get(kind)?.has(file.name)) continue;
      if (!shown.get(kind)?.has(file.name)) warn(file, [], kind, file.name);
    } else if (file.kind === "form" && content.forms[file.name] && !shown.get("forms")?.has(file.name)) {
      warn(file, [], "forms", file.name);
    }
  }
  return warnings;
}
