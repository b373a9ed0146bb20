/**
 * Drafts in validation, browser-safe (the content check and /admin/'s check before saving share it):
 * whether a place lies inside something marked `draft: true`, and whether an issue is a reference to
 * a draft (an error only where the referring content is published); likewise for what is not shown
 * at the build's time (publishDate, expiryDate) and links to pages not shown then.
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

/** Whether `path` of a file lies inside a page, section or entry not shown at the build's time (its key in `unshown`, schedule.ts `hiddenKey`). */
export function inUnshown(file: string, path: readonly PropertyKey[], unshown: readonly string[]): boolean {
  if (unshown.length === 0) return false;
  const keys = new Set(unshown);
  for (let i = 0; i <= path.length; i++) if (keys.has(hiddenKey(file, path.slice(0, i)))) return true;
  return false;
}

/** How an item not shown at the build's time is named in the context: its file and field path. */
export const hiddenKey = (file: string, path: readonly PropertyKey[]) => `${file}|${path.map(String).join(".")}`;

/** Whether a Zod issue is a link to a page not shown at the build's time (schemas' `scheduledReference` params). */
export const isScheduledReference = (issue: z.core.$ZodIssue) =>
  issue.code === "custom" && (issue.params as { scheduledReference?: boolean } | undefined)?.scheduledReference === true;

/** Whether a Zod issue is a reference to a draft (schemas' `draftReference` params). */
export const isDraftReference = (issue: z.core.$ZodIssue) =>
  issue.code === "custom" && (issue.params as { draftReference?: boolean } | undefined)?.draftReference === true;
