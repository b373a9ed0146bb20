/**
 * One file's recent changes, followed through its renames (issue 46, item 5: Recent changes filtered
 * by an entry), answered the same way by both sources' `recentChanges({ path })`
 * (scripts/history/git-history.ts, admin/history/sources/github-source.ts): the commits of the file's versions
 * (`versionsOf`, which goes on under the file's earlier names), by one person when asked (by e-mail,
 * in any case, kept after the renames are followed: the commit that renamed the file may be someone
 * else's), each with every file under content/ it changed. The cursor is `versionsOf`'s. Browser-safe.
 */
import type { ContentCommit, ChangeFilter, HistoryPage, HistoryReader, Version } from "../../schemas/history.ts";

/** A page's size: 1 to 100; 30 when not a number. */
export const limitOf = (limit = 30) => (Number.isFinite(limit) ? Math.max(1, Math.min(100, Math.floor(limit))) : 30);

export async function changesOfFile(
  versionsOf: HistoryReader["versionsOf"],
  /** The commits of these names with their files under content/, in any order (one missing: left out). */
  changesOf: (shas: string[]) => Promise<ContentCommit[]>,
  path: string,
  { limit, cursor, author }: Omit<ChangeFilter, "path"> = {},
): Promise<HistoryPage<ContentCommit>> {
  const n = limitOf(limit);
  const by = author?.toLowerCase();
  const found: Version[] = [];
  let at = cursor;
  do {
    // Never more than the page has room for: the cursor is then where the page stops.
    const page = await versionsOf(path, { limit: n - found.length, cursor: at });
    found.push(...page.items.filter((v) => by === undefined || v.email.toLowerCase() === by));
    at = page.cursor;
  } while (at && found.length < n);
  const changes = found.length > 0 ? await changesOf(found.map((v) => v.sha)) : [];
  const bySha = new Map(changes.map((change) => [change.sha, change]));
  const items = found.flatMap((v) => bySha.get(v.sha) ?? []);
  return at ? { items, cursor: at } : { items };
}
