/**
 * The published versions of the entry being edited, read a page at a time (newest first, 30, then
 * "Show older"), each with its file's text and data, and the version before the last one read, so
 * that the last says what it changed too. Errors in the source's words (401, 403, rate limits).
 */
import { useCallback, useEffect, useState } from "react";
import type { HistorySource, Version } from "../../../schemas/history.ts";
import type { ReadVersion } from "./entry-history.ts";
import { inPool } from "../sources/pool.ts";
import { versionData } from "./version-data.ts";

export const PAGE = 30;

interface State {
  read: ReadVersion[];
  /** The version before the last read: the next page's first. */
  older?: ReadVersion;
  cursor?: string;
  loading: boolean;
  error?: string;
}

async function readAll(source: HistorySource, versions: Version[]): Promise<ReadVersion[]> {
  return inPool(versions, 6, async (version) => {
    const text = await source.fileAt(version.sha, version.path);
    return { version, text: text ?? undefined, data: text === null ? undefined : versionData(version.path, text) };
  });
}

export function useEntryHistory(source: () => HistorySource, path: string) {
  const [state, setState] = useState<State>({ read: [], loading: true });

  const load = useCallback(
    async (cursor: string | undefined) => {
      setState((now) => ({ ...now, loading: true, error: undefined }));
      try {
        const from = source();
        const page = await from.versionsOf(path, { limit: PAGE, cursor });
        const next = page.cursor ? (await from.versionsOf(path, { limit: 1, cursor: page.cursor })).items : [];
        const [read, older] = await Promise.all([readAll(from, page.items), readAll(from, next)]);
        setState((now) => ({
          read: cursor ? [...now.read, ...read] : read,
          older: older[0],
          cursor: page.cursor,
          loading: false,
        }));
      } catch (error) {
        setState((now) => ({ ...now, loading: false, error: (error as Error).message }));
      }
    },
    [source, path],
  );

  useEffect(() => void load(undefined), [load]);

  return { ...state, showOlder: () => void load(state.cursor) };
}
