/**
 * An entry's history as its panel shows it (issue 46, items 1 and 3): each published version with
 * what it changed against the version before it, and the values a restore puts in the editor.
 * Pure: the versions' data come in read (version-data.ts), the fields from the configuration.
 */
import type { Version } from "../../../schemas/history.ts";
import type { Field } from "../../editor/labels.ts";
import { SOURCE } from "../../editor/in-place.ts";
import { changesBetween, type FieldChange, type TitleOf } from "../diff/changes.ts";
import type { EntryData } from "./version-data.ts";

/** A version, its file's text and data (undefined: its file could not be read). */
export interface ReadVersion {
  version: Version;
  text: string | undefined;
  data: EntryData | undefined;
}

/** A version as listed: what it changed, or that it is the first (or that its file cannot be read). */
export interface ListedVersion extends ReadVersion {
  changes: FieldChange[];
  /** No version before it: the entry was made here. */
  first: boolean;
}

/**
 * Each version (newest first) with its changes against the next one in the list, the one before it;
 * the last against `older` (the version before the list's last, when there is one: a later page's first).
 */
export function withChanges(
  fields: readonly Field[],
  versions: readonly ReadVersion[],
  older: ReadVersion | undefined,
  titleOf?: TitleOf,
): ListedVersion[] {
  return versions.map((read, i) => {
    const before = versions[i + 1] ?? older;
    const changes =
      before && read.data && before.data ? changesBetween(fields, before.data, read.data, { titleOf }) : [];
    return { ...read, changes, first: before === undefined };
  });
}

/**
 * What "Restore this version" puts in the editor: the version's values, every field of it, with the
 * file as the editor read it (the live one, in-place.ts' hidden field) kept, so that publishing edits
 * that file in place: a one-field restore is a one-line change.
 */
export function restoredData(draft: EntryData, version: EntryData): EntryData {
  return typeof draft[SOURCE] === "string" ? { ...version, [SOURCE]: draft[SOURCE] } : { ...version };
}
