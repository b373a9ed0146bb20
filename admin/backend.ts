/**
 * What /admin/ reads through Decap's own backend, the one the marketer is logged in to (GitHub in
 * production, the local proxy with `npm run cms`), so that it works the same wherever /admin/ runs:
 * - the content files as they are now in the repository (their text), for the check before saving
 *   and for the titles of the entries a page lists;
 * - a picture by its whole path, in any folder of the media folder (Decap itself looks for every
 *   picture at the top of the media folder: `selectMediaFilePath` keeps only the file's base name).
 * Decap publishes no API for either: this reaches its Redux store and its backend object through
 * the modules of decap-cms-core that decap-cms-app itself imports (the same instances). An upgrade of
 * Decap must pass `npm run test:cms` (tests/cms/production.spec.ts runs this on the built /admin/).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- Decap's store and backend are Immutable and untyped here. */
import { useSyncExternalStore } from "react";
import { store } from "decap-cms-core/dist/esm/redux/index.js";
import { currentBackend } from "decap-cms-core/dist/esm/backend.js";

/** A file as the backend has it: its path in the repository ("content/pages/home.yaml") and text. */
export interface BackendFile {
  path: string;
  slug: string;
  raw: string;
  data: Record<string, unknown>;
}

function backend(): any | undefined {
  const state = store.getState() as any;
  const config = state?.config;
  if (!config?.backend?.name || config.isFetching || !state?.auth?.user) return undefined;
  try {
    return currentBackend(config);
  } catch {
    return undefined;
  }
}

/** True once Decap is configured and someone is logged in: the backend can be read. */
export const backendReady = () => backend() !== undefined;

/** The files of one collection of the configuration, as the backend has them now. */
export async function filesOf(collection: string): Promise<BackendFile[]> {
  const found = backend();
  const map = (store.getState() as any).collections?.get?.(collection);
  if (!found || !map) throw new Error(`the CMS cannot read the collection "${collection}" yet`);
  const entries = (await found.listAllEntries(map)) as any[];
  return entries.map((entry) => ({
    path: String(entry.path),
    slug: String(entry.slug),
    raw: String(entry.raw ?? ""),
    data: (entry.data ?? {}) as Record<string, unknown>,
  }));
}

/** Every collection's files (a collection that cannot be read is left out, and named). */
export async function allFiles(): Promise<{ files: BackendFile[]; unread: string[] }> {
  const names: string[] = [...((store.getState() as any).collections?.keys?.() ?? [])];
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
  const fresh = uploaded(path);
  if (fresh) return fresh;
  const known = pictures.get(path);
  if (known) return known.url;
  const found = backend();
  if (!found) return undefined;
  pictures.set(path, {});
  (found.getMediaFile(path) as Promise<{ url?: string }>).then(
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
export const pictureMissing = (path: string) => !uploaded(path) && pictures.get(path)?.failed === true;

/** A picture uploaded in this window, by its path in the repository: Decap keeps it (a blob: URL) until saved. */
function uploaded(path: string): string | undefined {
  const state = store.getState() as any;
  const own = state?.medias?.[path]?.asset?.url;
  if (typeof own === "string" && own) return own;
  const files = state?.mediaLibrary?.get?.("files") as any[] | undefined;
  const file = files?.find?.((f: any) => f?.path === path && (f?.draft || String(f?.url ?? "").startsWith("blob:")));
  return typeof file?.url === "string" ? file.url : undefined;
}

/** Forgets the pictures the backend did not have: after a save, an upload is a file there. */
export function forgetMissing() {
  let any = false;
  for (const [path, known] of pictures) if (known.failed && pictures.delete(path)) any = true;
  if (any) changed();
}

// An upload (or its removal) draws the pictures again: Decap's store holds them.
let media: unknown;
let library: unknown;
store.subscribe(() => {
  const state = store.getState() as any;
  const files = state?.mediaLibrary?.get?.("files");
  if (state?.medias === media && files === library) return;
  media = state?.medias;
  library = files;
  changed();
});

/** Forgets a picture (it was replaced by an upload of the same name). */
export function forgetPicture(path: string) {
  if (pictures.delete(path)) changed();
}

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
