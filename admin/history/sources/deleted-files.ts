/**
 * Files deleted from content/ lately, for "Bring back" (issue 46), found the same way in every history
 * source: the latest commits that changed content/, newest first, each file's newest change deciding
 * whether it is there now. A file whose newest change removed it is gone, and its last text is in the
 * removing commit's parent; one changed since (added again, or renamed away) is not offered.
 */
import type { DeletedFile, HistoryReader } from "../../../schemas/history.ts";

export async function deletedFiles(
  recentChanges: HistoryReader["recentChanges"],
  { limit = 30, scan = 100 }: { limit?: number; scan?: number } = {},
): Promise<DeletedFile[]> {
  const decided = new Set<string>();
  const found: DeletedFile[] = [];
  let cursor: string | undefined;
  let scanned = 0;
  do {
    const page = await recentChanges({ limit: Math.max(1, Math.min(100, scan - scanned)), cursor });
    for (const change of page.items) {
      for (const file of change.files) {
        if (file.status === "removed" && change.parent && !decided.has(file.path))
          found.push({ path: file.path, removedBy: change, lastSha: change.parent });
        decided.add(file.path);
        if (file.previousPath) decided.add(file.previousPath);
      }
      if (found.length >= limit) return found.slice(0, limit);
    }
    scanned += page.items.length;
    cursor = page.cursor;
  } while (cursor && scanned < scan);
  return found;
}
