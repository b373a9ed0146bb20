/**
 * The history with `npm run cms`: this clone's Git history, which the development server answers
 * under /api/history/ (scripts/history/endpoint.ts; the browser cannot run git). The same questions
 * and answers as GitHub's (admin/history/sources/github-source.ts); failures in words.
 */
import type {
  ChangeFilter,
  HistoryPage,
  HistorySource,
  PageOptions,
  Version,
  ContentCommit,
} from "../../../schemas/history.ts";
import { deletedFiles } from "./deleted-files.ts";

export interface LocalHistoryOptions {
  /** The endpoint's address; the development server's /api/history under the site's base path. */
  base?: string;
  fetch?: typeof fetch;
}

/** The query string of the options that were given. */
const queryOf = (options: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(options).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );

export function localHistory({
  base = `${import.meta.env.BASE_URL}api/history`,
  fetch: send = (input, init) => fetch(input, init),
}: LocalHistoryOptions = {}): HistorySource {
  /** The endpoint's answer to a question, or an Error in words. */
  const ask = async <T>(question: string, options: Record<string, string | number | undefined>): Promise<T> => {
    let response: Response;
    try {
      response = await send(`${base}/${question}?${queryOf(options)}`, { cache: "no-store" });
    } catch {
      throw new Error("The history cannot be read: the development server (npm run cms) is not answering.");
    }
    const body = (await response.json().catch(() => undefined)) as { error?: string } | undefined;
    if (!response.ok)
      throw new Error(body?.error ?? `The history cannot be read: the development server answered ${response.status}.`);
    return body as T;
  };
  const source: HistorySource = {
    versionsOf: (path: string, { limit, cursor }: PageOptions = {}) =>
      ask<HistoryPage<Version>>("versions", { path, limit, cursor }),
    fileAt: async (sha: string, path: string) => (await ask<{ text: string | null }>("file", { sha, path })).text,
    recentChanges: ({ limit, cursor, path, author }: ChangeFilter = {}) =>
      ask<HistoryPage<ContentCommit>>("changes", { limit, cursor, path, author }),
    deletedFiles: (options) => deletedFiles(source.recentChanges, options),
  };
  return source;
}
