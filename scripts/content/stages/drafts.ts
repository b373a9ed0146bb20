/**
 * Drafts in validation, browser-safe (the content check and /admin/'s check before saving share it):
 * whether a place lies inside something marked `draft: true`, and whether an issue is a reference to
 * a draft (an error only where the referring content is published).
 */
import type { z } from "zod";

/** Whether `path` lies inside something marked `draft: true` (the file, a section, an entry). */
export function inDraft(data: unknown, path: readonly PropertyKey[]): boolean {
  let node = data;
  for (let i = 0; ; i++) {
    if (node !== null && typeof node === "object" && (node as { draft?: unknown }).draft === true) return true;
    if (i === path.length || node === null || typeof node !== "object") return false;
    node = (node as Record<PropertyKey, unknown>)[path[i]!];
  }
}

/** Whether a Zod issue is a reference to a draft (schemas' `draftReference` params). */
export const isDraftReference = (issue: z.core.$ZodIssue) =>
  issue.code === "custom" && (issue.params as { draftReference?: boolean } | undefined)?.draftReference === true;
