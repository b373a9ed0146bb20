/**
 * The content files as stored, for the check before saving and the titles of the entries a page
 * lists: read through Decap's backend (the repository the marketer is logged in to: GitHub, or the
 * local proxy with `npm run cms`) after logging in and again before each save; until then, or when
 * the backend cannot be read, the site as last built. What the check is based on is said under the
 * entry's last field (widgets/check-basis.tsx).
 */
import { stringify } from "yaml";
import { kindNamed } from "../../schemas/index.ts";
import { allFiles } from "../decap/backend.ts";
import type { StoredFile } from "./check.ts";
import { config } from "../config.ts";
import { backendReady } from "../decap/decap.ts";
import { built } from "./site-as-built.ts";
import { setBasis } from "../widgets/check-basis.tsx";

// Where the content files are in the repository: the folder of the site settings' file.
const settingsFile = config.collections.find((c) => c.files)?.files?.[0]?.file;
const contentRoot = settingsFile ? settingsFile.slice(0, settingsFile.lastIndexOf("/")) : "content";

let stored: StoredFile[] = storedFromBuilt();
/** The content files as last read. */
export const storedFiles = (): readonly StoredFile[] => stored;

function storedFromBuilt(): StoredFile[] {
  const files: StoredFile[] = [{ rel: "site.yaml", text: stringify(built.site) }];
  built.pages.forEach((page, i) => {
    const sections = page.sections.map((s) => ({ anchor: s.anchor, draft: s.draft }));
    files.push({ rel: `pages/built-${i}.yaml`, text: stringify({ route: page.route, draft: page.draft, sections }) });
  });
  for (const [name, entries] of Object.entries(built.collections)) {
    const row = kindNamed(name);
    if (!row || row.role === "settings") continue;
    for (const entry of entries as { id: string }[])
      files.push({ rel: `${row.folder}/${entry.id}.yaml`, text: stringify(entry) });
  }
  for (const id of Object.keys(built.forms)) files.push({ rel: `forms/${id}.yaml`, text: "{}" });
  return files;
}

let reading: Promise<void> | undefined;
async function readStored() {
  if (!backendReady()) return;
  try {
    const { files, unread } = await allFiles();
    const prefix = `${contentRoot}/`;
    const read = files
      .filter((file) => file.path.startsWith(prefix))
      .map((file) => ({ rel: file.path.slice(prefix.length), text: file.raw }));
    if (read.length === 0) throw new Error("no content files");
    const rels = new Set(read.map((file) => file.rel));
    // A collection the backend could not read is known as last built.
    stored = unread.length ? [...read, ...storedFromBuilt().filter((file) => !rels.has(file.rel))] : read;
    const time = new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
    setBasis(
      unread.length
        ? `Checks before saving: against the content as it is now, read at ${time} (except ${unread.join(", ")}: as last published).`
        : `Checks before saving: against the content as it is now, read at ${time}.`,
    );
  } catch {
    setBasis(
      "Checks before saving: against the site as last published (the current content could not be read; the site's own check runs again before publishing).",
    );
  }
}

/** Reads the content files again (one reading at a time; a call during one waits for it). */
export function refreshStored(): Promise<void> {
  reading ??= readStored().finally(() => (reading = undefined));
  return reading;
}

/** Reads the content once Decap has its configuration and someone is logged in. */
export function readOnceLoggedIn() {
  setBasis("Checks before saving: against the site as last published, until the current content is read.");
  const waitForLogin = window.setInterval(() => {
    if (!backendReady()) return;
    window.clearInterval(waitForLogin);
    void refreshStored();
  }, 500);
}

/** An entry's title as the content last read has it (its identifier field). */
export function storedTitle(collection: string, id: string): string | undefined {
  const row = kindNamed(collection);
  const file = row && row.role !== "settings" ? stored.find((f) => f.rel === `${row.folder}/${id}.yaml`) : undefined;
  const identifier = config.collections.find((c) => c.name === collection)?.identifier_field;
  if (!file || !identifier) return undefined;
  return new RegExp(`^${identifier}:[ \\t]*["']?(.+?)["']?[ \\t]*$`, "m").exec(file.text)?.[1];
}
