/**
 * The dev server's watcher of the content folder: one `fs.watch` (inotify on Linux) per folder, none
 * per file. A folder's watch reports its files by name, so a file replaced by a rename (how vim,
 * JetBrains editors and git save) is followed like any other; new folders are watched as they
 * appear, and a folder that goes is forgotten. Vite's own watcher (chokidar) lists a folder again
 * after every event in it, with a stat of each file: at 4,000 files in one folder that listing cost
 * each save as much as the rebuild itself (decision 0016).
 * In: the content folder. Out: `file(path)` for a file that was written, added, renamed or deleted;
 * `folder(path)` when a folder appeared or went (its files are then all to be read again).
 */
import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import { join, sep } from "node:path";

export interface ContentEvents {
  file: (path: string) => void;
  folder: (path: string) => void;
}

export function watchContent(root: string, events: ContentEvents): { close: () => void } {
  const watchers = new Map<string, FSWatcher>();

  /** Watches `dir` and the folders in it. */
  const add = (dir: string): void => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_type, name) => changed(dir, name));
    } catch {
      return; // gone already: its parent's watch reports it
    }
    watcher.on("error", () => forget(dir));
    watchers.set(dir, watcher);
    let entries: { name: string; isDirectory(): boolean }[] = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      entries = [];
    }
    for (const entry of entries) if (entry.isDirectory()) add(join(dir, entry.name));
  };

  /** Stops watching `dir` and the folders in it, which are gone. */
  const forget = (dir: string): void => {
    for (const [path, watcher] of watchers) {
      if (path === dir || path.startsWith(dir + sep)) {
        watcher.close();
        watchers.delete(path);
      }
    }
    events.folder(dir);
  };

  const changed = (dir: string, name: string | Buffer | null): void => {
    if (name === null) {
      events.folder(dir);
      return;
    }
    const path = join(dir, name.toString());
    let folder = false;
    try {
      folder = statSync(path).isDirectory();
    } catch {
      // deleted, or renamed away
    }
    if (folder) {
      if (!watchers.has(path)) {
        add(path);
        events.folder(path);
      }
    } else if (watchers.has(path)) {
      forget(path);
    } else {
      events.file(path);
    }
  };

  add(root);
  return {
    close: () => {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
