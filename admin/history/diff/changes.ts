/**
 * What changed between two versions of an entry, in the editor's words: each changed field by the
 * labels the form shows (labels.ts), with before → after. Lists say what was added, removed or
 * moved and what changed inside an item (list-changes.ts); long text says its changed words
 * (word-diff.ts). A key the fields do not have is still said, by its name in words. Pure and
 * browser-safe: the history, the recent changes and "What changes when you publish" all say it so.
 *
 *   changesBetween(fields, { price: 49 }, { price: 59 }) → [{ kind: "changed", path: ["Price"],
 *     before: "49", after: "59", sentence: "Price: 49 → 59" }]
 */
import { itemFields, labelFor, type Field } from "../../editor/labels.ts";
import { said, type FieldChange } from "./change.ts";
import { listChanges } from "./list-changes.ts";
import { isEmpty, plain, shown, type TitleOf } from "./values.ts";
import { wordDiff } from "./word-diff.ts";
import { isRecord } from "../../../scripts/content/stages/unchecked.ts";

export type { FieldChange, ChangeData } from "./change.ts";
export type { TitleOf } from "./values.ts";

export interface ChangeOptions {
  /** Names referenced entries (relations, lists of them) by their titles; without it, by their ids. */
  titleOf?: TitleOf;
}

/** Text longer than this is said as its changed words, not as before → after. */
const LONG_TEXT = 80;

type Data = Record<string, unknown>;

const recordOf = (value: unknown): Data => (isRecord(value) ? value : {});
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : isEmpty(value) ? [] : [value]);

/** The changes between `before` and `after` (an entry's data, or undefined for none), in the fields' order. */
export function changesBetween(
  fields: readonly Field[],
  before: unknown,
  after: unknown,
  options: ChangeOptions = {},
): FieldChange[] {
  return objectChanges(fields, recordOf(before), recordOf(after), [], options);
}

/** An object's changes: its fields in their order, then keys the fields do not have. */
function objectChanges(
  fields: readonly Field[],
  before: Data,
  after: Data,
  path: string[],
  options: ChangeOptions,
  skip?: string,
): FieldChange[] {
  const known = new Set(fields.map((f) => f.name));
  const unknown = new Set([...Object.keys(before), ...Object.keys(after)].filter((k) => !known.has(k) && k !== skip));
  return [
    ...fields.flatMap((f) => valueChanges(f, f.name, [before[f.name], after[f.name]], path, options)),
    ...[...unknown].flatMap((k) => valueChanges(undefined, k, [before[k], after[k]], path, options)),
  ];
}

/** The changes of one field (`key`, of definition `field` when the fields have it). */
function valueChanges(
  field: Field | undefined,
  key: string,
  [before, after]: [unknown, unknown],
  path: string[],
  options: ChangeOptions,
): FieldChange[] {
  if (before === after) return [];
  const here = [...path, labelFor(field, key)];
  if (field?.widget === "list" || field?.types || Array.isArray(before) || Array.isArray(after)) {
    return listChanges(field, here, [listOf(before), listOf(after)], itemCompare(field, options), options.titleOf);
  }
  if (field?.fields || isRecord(before) || isRecord(after)) {
    return objectChanges(field?.fields ?? [], recordOf(before), recordOf(after), here, options);
  }
  return scalarChanges(field, here, [before, after], options);
}

/** How a list compares the two versions of one of its items. */
function itemCompare(list: Field | undefined, options: ChangeOptions) {
  const skip = list?.types ? (list.typeKey ?? "type") : undefined;
  return (before: unknown, after: unknown, path: string[]): FieldChange[] =>
    isRecord(before) && isRecord(after)
      ? objectChanges(itemFields(list, after) ?? [], before, after, path, options, skip)
      : scalarChanges(list?.field, path, [before, after], options);
}

const longer = (b: string, a: string) => Math.max(b.length, a.length) > LONG_TEXT;
/** Text with its whitespace made single spaces: two texts that differ only in spacing are said so. */
const spaced = (text: string) => text.trim().split(/\s+/).join(" ");

/** A single value's change: set, removed, switched, before → after, or a long text's changed words. */
function scalarChanges(
  field: Field | undefined,
  path: string[],
  [before, after]: [unknown, unknown],
  { titleOf }: ChangeOptions,
): FieldChange[] {
  const [b, a] = [plain(before), plain(after)];
  if (b === a || (isEmpty(b) && isEmpty(a))) return [];
  if (field?.widget === "boolean" || typeof b === "boolean" || typeof a === "boolean") {
    return Boolean(b) === Boolean(a) ? [] : [said({ kind: "switched", path, on: Boolean(a) })];
  }
  const say = (value: unknown) => shown(value, field?.collection, titleOf);
  if (isEmpty(b)) return [said({ kind: "set", path, after: say(a) })];
  if (isEmpty(a)) return [said({ kind: "cleared", path, before: say(b) })];
  if (typeof b === "string" && typeof a === "string" && (longer(b, a) || spaced(b) === spaced(a))) {
    return [said({ kind: "edited", path, ...wordDiff(b, a) })];
  }
  return [said({ kind: "changed", path, before: say(b), after: say(a) })];
}
