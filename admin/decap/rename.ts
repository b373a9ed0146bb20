/**
 * The door's part of a rename (issue 59, item 8): an entry's file moved to a new name, and
 * content/redirects.yaml written with the redirect from its old address, in one save through Decap's
 * backend; then Decap's store and address moved to the entry at its new name. Decap itself never
 * renames an entry of a plain folder collection (docs/decisions/0050): its backend's `persistEntry`
 * keeps an entry's path, so the files are handed to the backend's implementation, as Decap's own
 * `persistEntry` hands them (internals.ts: `backend.implementation.persistEntry`, `…deleteFiles`,
 * `…unpublishedEntry`).
 * - `npm run cms` (the local proxy, files on disk, simple publishing): the entry at its new path and
 *   the redirects file written in one request, then the old file deleted (a failure in between leaves
 *   both files: nothing is lost, and the content check names the duplicate).
 * - GitHub with the editorial workflow (the site's /admin/): one commit (Decap's tree: the old path
 *   deleted, the new one written, the redirects file) on a new branch `cms/<collection>/<new id>` and
 *   its pull request, as Decap saves a new entry for review: nothing changes on the site until it is
 *   published, and publishing merges all of it. Refused while the entry already has changes in review
 *   (its own pull request), or one is there for the new id.
 * - GitHub, simple publishing: the same one commit on the branch, taken only as a fast-forward.
 * Refused too, in words: an entry with unsaved changes (save them first), and another backend.
 */
import { store } from "decap-cms-core/dist/esm/redux/index.js";
import { currentBackend } from "decap-cms-core/dist/esm/backend.js";
import { collectionAddress, entryAddress } from "./routes.ts";

/** What a rename writes: the entry's file before and after (paths in the repository), its text, and the redirects file. */
export interface RenameFiles {
  collection: string;
  /** The entry's file name before and after, without its extension (Decap's slug). */
  slug: string;
  newSlug: string;
  /** Paths in the repository ("content/collections/guides/old.md"). */
  path: string;
  newPath: string;
  /** The entry's file's text, written unchanged at its new path. */
  raw: string;
  /** content/redirects.yaml with the redirect added; none when the entry published no address (a draft). */
  redirects?: { path: string; raw: string };
  /** The commit's message. */
  message: string;
}

interface DataFile {
  path: string;
  slug: string;
  raw: string;
  newPath?: string;
}
interface PersistOptions {
  newEntry: boolean;
  commitMessage: string;
  collectionName: string;
  useWorkflow: boolean;
  hasSubfolders: boolean;
  unpublished: boolean;
  status?: string;
}
/** Decap's backend implementation (the local proxy's, GitHub's): the two methods a rename uses. */
interface Implementation {
  persistEntry(entry: { dataFiles: DataFile[]; assets: never[] }, options: PersistOptions): Promise<unknown>;
  deleteFiles(paths: string[], commitMessage: string): Promise<unknown>;
  /** The entry's changes in review (its pull request); rejects, `notUnderEditorialWorkflow`, when there are none. */
  unpublishedEntry(args: { collection: string; slug: string }): Promise<unknown>;
}
interface Immutable {
  get(key: string): unknown;
}
interface DecapState {
  config: { backend?: { name?: string }; publish_mode?: string; isFetching?: boolean };
  auth?: { user?: unknown };
  entryDraft?: Immutable;
}

const state = () => store.getState() as unknown as DecapState;
const implementation = (): Implementation | undefined => {
  try {
    return (currentBackend(state().config as never) as unknown as { implementation?: Implementation }).implementation;
  } catch {
    return undefined;
  }
};

type Mode = "local" | "github simple" | "github review";

/** How the backend /admin/ is logged in to can rename, or why it cannot (in words). */
function renameMode(): { mode: Mode } | { refused: string } {
  const { config } = state();
  const name = config.backend?.name;
  const review = config.publish_mode === "editorial_workflow";
  if (name === "proxy" && !review) return { mode: "local" };
  if (name === "github") return { mode: review ? "github review" : "github simple" };
  return { refused: `Changing an address is not possible with the "${name ?? "unknown"}" backend` };
}

/** Why the entry being edited cannot be renamed now, in words; undefined when it can. */
export function renameRefusal(): string | undefined {
  const found = renameMode();
  if ("refused" in found) return found.refused;
  if (state().entryDraft?.get("hasChanged") === true)
    return "This entry has unsaved changes: publish or undo them first, then change its address";
  if (!implementation()) return "The CMS cannot write yet: wait until it has loaded, then try again";
  return undefined;
}

/** Resolves once `holds` is true of Decap's store (or rejects after `ms`, naming `what`). */
function storeUntil(holds: () => boolean, what: string, ms = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (holds()) return resolve();
    const timer = window.setTimeout(() => {
      stop();
      reject(new Error(`the CMS did not ${what}`));
    }, ms);
    const stop = store.subscribe(() => {
      if (!holds()) return;
      window.clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

const draftEntry = () => state().entryDraft?.get("entry") as Immutable | undefined;

/**
 * Writes the rename (refused, by throwing the words, when `renameRefusal` says so), then shows the
 * entry at its new name: the editor left for the collection's list (Decap keeps an editor's entry
 * when only its address changes), the old entry taken out of Decap's entries (ENTRY_DELETE_SUCCESS),
 * and the entry opened at its new address (Decap reads it from the backend). Resolves once the
 * editor holds it.
 */
export async function renameEntry(files: RenameFiles): Promise<{ inReview: boolean }> {
  const refusal = renameRefusal();
  if (refusal) throw new Error(refusal);
  const mode = (renameMode() as { mode: Mode }).mode;
  const found = implementation()!;
  const review = mode === "github review";
  if (review) {
    if (await inReview(found, files.collection, files.slug))
      throw new Error(
        "this entry has changes saved for review: publish them or delete them (Workflow), then change its address",
      );
    if (await inReview(found, files.collection, files.newSlug))
      throw new Error(`changes for review are already saved under "${files.newSlug}": choose another address`);
  }
  const options: PersistOptions = {
    newEntry: false,
    commitMessage: files.message,
    collectionName: files.collection,
    useWorkflow: review,
    // Only this file moves (Decap's default moves every file of the entry's folder with it).
    hasSubfolders: false,
    unpublished: false,
  };
  const redirects: DataFile[] = files.redirects
    ? [{ path: files.redirects.path, slug: files.newSlug, raw: files.redirects.raw }]
    : [];
  if (mode === "local") {
    // The proxy moves files only when every file of the save moves: the entry written at its new
    // path with the redirects, then its old file deleted (a failure between leaves both: nothing lost).
    await found.persistEntry(
      { dataFiles: [{ path: files.newPath, slug: files.newSlug, raw: files.raw }, ...redirects], assets: [] },
      options,
    );
    await found.deleteFiles([files.path], files.message);
  } else {
    // One commit: GitHub's tree with the old path deleted, the new one written, and the redirects;
    // for review, on the branch of the entry's new name (the first file's slug) and its pull request.
    await found.persistEntry(
      {
        dataFiles: [{ path: files.path, newPath: files.newPath, slug: files.newSlug, raw: files.raw }, ...redirects],
        assets: [],
      },
      options,
    );
  }
  await showRenamed(files.collection, files.slug, files.newSlug, review);
  return { inReview: review };
}

/** True when the entry `slug` has changes in review (a pull request); a failure to tell is thrown. */
async function inReview(found: Implementation, collection: string, slug: string): Promise<boolean> {
  try {
    await found.unpublishedEntry({ collection, slug });
    return true;
  } catch (error) {
    if ((error as { notUnderEditorialWorkflow?: unknown })?.notUnderEditorialWorkflow === true) return false;
    throw error;
  }
}

/**
 * Decap's store and address moved from the entry `slug` to `newSlug` (its file already moved; in
 * review, moved on its branch: the old entry stays as published until then, and the editor opens the
 * one in review).
 */
async function showRenamed(collection: string, slug: string, newSlug: string, review: boolean) {
  window.location.replace(collectionAddress(collection));
  await storeUntil(() => draftEntry()?.get("slug") !== slug, "leave the entry's old address");
  if (!review)
    try {
      store.dispatch({ type: "ENTRY_DELETE_SUCCESS", payload: { collectionName: collection, entrySlug: slug } });
    } catch {
      // Decap had not listed the collection (no ids to take the entry out of): nothing to forget.
    }
  window.location.replace(entryAddress({ collection, slug: newSlug }));
  await storeUntil(() => {
    const entry = draftEntry();
    return entry?.get("slug") === newSlug && entry.get("collection") === collection && !entry.get("isFetching");
  }, "open the entry at its new address");
}
