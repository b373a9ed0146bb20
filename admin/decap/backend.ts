/**
 * What /admin/ reads through Decap's own backend, the one the marketer is logged in to (GitHub in
 * production, the local proxy with `npm run cms`), so that it works the same wherever /admin/ runs:
 * - the content files as they are now in the repository (their text), for the check before saving
 *   and for the titles of the entries a page lists;
 * - a picture by its whole path, in any folder of the media folder (Decap itself looks for every
 *   picture at the top of the media folder: `selectMediaFilePath` keeps only the file's base name).
 * Decap's store and backend are reached through admin/decap.ts.
 */
import { useSyncExternalStore } from "react";
import {
  collectionNames,
  filesOf,
  onUploadsChange,
  pictureBackend,
  uploadedPicture,
  type BackendFile,
} from "./decap.ts";

/** Every collection's files (a collection that cannot be read is left out, and named). */
export async function allFiles(): Promise<{ files: BackendFile[]; unread: string[] }> {
  const names = collectionNames();
  const unread: string[] = [];
  const lists = await Promise.all(
    names.map((name) =>
      filesOf(name).catch(() => {
        unread.push(name);
        return [];
      }),
    ),
  );
  const seen = new Set<string>();
  const files = lists.flat().filter((file) => !seen.has(file.path) && seen.add(file.path));
  return { files, unread };
}

// Pictures ---------------------------------------------------------------------------------------

const pictures = new Map<string, { url?: string; failed?: boolean }>();
let version = 0;
const listeners = new Set<() => void>();
function changed() {
  version++;
  for (const listener of listeners) listener();
}

/**
 * A picture's address for the browser (a blob: URL made from the file the backend returns), by its
 * path in the repository ("content/images/team/x.jpg"); undefined while it loads (the components that
 * use `usePictures` render again when it has) or when the backend has no such file.
 */
export function pictureFromBackend(path: string): string | undefined {
  // Just uploaded and not saved yet: the browser has it (the backend would answer "no such file").
  const fresh = uploadedPicture(path);
  if (fresh) return fresh;
  const known = pictures.get(path);
  if (known) return known.url;
  const found = pictureBackend();
  if (!found) return undefined;
  pictures.set(path, {});
  found.getMediaFile(path).then(
    (file) => {
      pictures.set(path, file?.url ? { url: file.url } : { failed: true });
      changed();
    },
    () => {
      pictures.set(path, { failed: true });
      changed();
    },
  );
  return undefined;
}

/** True when the backend was asked for the picture and has none (and no upload of it is waiting to be saved). */
export const pictureMissing = (path: string) => !uploadedPicture(path) && pictures.get(path)?.failed === true;

/** Forgets the pictures the backend did not have: after a save, an upload is a file there. */
export function forgetMissing() {
  let any = false;
  for (const [path, known] of pictures) if (known.failed && pictures.delete(path)) any = true;
  if (any) changed();
}

// An upload (or its removal) draws the pictures again.
onUploadsChange(changed);

/** Renders the component again each time a picture has loaded. */
export function usePictures(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => version,
  );
}
