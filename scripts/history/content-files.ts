/**
 * Which of a commit's changed files /admin/'s history lists, the same for GitHub's answers
 * (admin/history/sources/github-source.ts) and the local repository's (scripts/history/git-history.ts): the
 * files under content/, a rename into content/ from elsewhere being an addition there, and a rename
 * out of it a removal. Browser-safe.
 */
import type { ChangedFile } from "../../schemas/history.ts";

export const contentFolder = "content/";

const inContent = (path: string | undefined) => path?.startsWith(contentFolder) === true;

/** The changed files under content/, in their order. */
export function contentFiles(files: readonly ChangedFile[]): ChangedFile[] {
  return files.flatMap((file): ChangedFile[] => {
    if (file.status !== "renamed") return inContent(file.path) ? [{ path: file.path, status: file.status }] : [];
    const from = inContent(file.previousPath);
    if (inContent(file.path)) return [from ? { ...file } : { path: file.path, status: "added" }];
    return from ? [{ path: file.previousPath!, status: "removed" }] : [];
  });
}

/** An ISO time in UTC to the second, as GitHub writes them ("2026-11-02T09:30:00Z"), from any ISO time. */
export const utcTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");
