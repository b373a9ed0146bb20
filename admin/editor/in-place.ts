/**
 * Saving a YAML file as a person would edit it: the file as it was (its comments, blank lines, key
 * order, quotes and `>-` blocks) with only the values that changed written anew, so a one-field edit
 * is a one-line diff. A key the file did not have is added only when it says something: never an
 * empty value, never the value the site assumes anyway (the schema's default, e.g. `draft: false`).
 * Used by the CMS's file format (main.tsx): Decap reads a file with `fromFile` and writes it with
 * `toFile`, which get no file name, so the file's text travels with the entry as a hidden field.
 */
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  Scalar,
  type Node,
  type Pair,
  type YAMLMap,
  type YAMLSeq,
} from "yaml";
import type { z } from "zod";
import { fieldAt, unwrap } from "../../schemas/walk.ts";
import { isRecord } from "../../scripts/content/stages/unchecked.ts";

/** The hidden fields an entry carries: the file as read, and the file to write (made before saving). */
export const SOURCE = "__source";
export const TEXT = "__text";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** The schema's default for the field at `path`, or undefined when it has none. */
export type DefaultAt = (path: readonly (string | number)[]) => unknown;

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    const other = Object.keys(b).filter((k) => b[k] !== undefined);
    return keys.length === other.length && keys.every((k) => same(a[k], b[k]));
  }
  return false;
}

/** A value that says nothing when the file does not have it yet. */
function empty(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.values(value).every(empty);
  return false;
}

/** `value` without what says nothing (for a part the file does not have yet). */
function pruned(value: unknown, path: (string | number)[], defaultAt: DefaultAt): unknown {
  if (Array.isArray(value)) return value.map((item, i) => pruned(item, [...path, i], defaultAt));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === SOURCE || key === TEXT) continue;
    const at = [...path, key];
    if (empty(v) || (v !== undefined && same(v, defaultAt(at)))) continue;
    out[key] = pruned(v, at, defaultAt);
  }
  return out;
}

function keyOf(pair: Pair): unknown {
  return isScalar(pair.key) ? pair.key.value : pair.key;
}

/** Unchanged texts, written back exactly as they were (yaml would fold long ones anew). */
let originalText = "";
let keptTexts: string[] = [];
const marker = (i: number) => `KEPT-${i}-7f3a9c`;

function kept(node: Scalar | YAMLMap | YAMLSeq): Node {
  if (!isScalar(node)) {
    // An unchanged `{}` or `[a, b]`, with the comment lines that follow it.
    if (!node.range) return node;
    keptTexts.push(originalText.slice(node.range[0], node.range[2]).replace(/\s+$/, ""));
    return new Scalar(marker(keptTexts.length - 1));
  }
  if (typeof node.value !== "string" || !node.range) return node;
  const source = originalText.slice(node.range[0], node.range[1]).replace(/\s+$/, "");
  if (node.type === Scalar.BLOCK_LITERAL && /\|\d*\+/.test(source)) return node;
  keptTexts.push(source);
  const stand = new Scalar(marker(keptTexts.length - 1));
  stand.type = Scalar.PLAIN;
  stand.comment = node.comment;
  stand.commentBefore = node.commentBefore;
  stand.spaceBefore = node.spaceBefore;
  return stand;
}

/** `node` changed to hold `value`, keeping what it can of how it is written. */
function edit(doc: Document, node: unknown, value: unknown, path: (string | number)[], defaultAt: DefaultAt): Node {
  if ((isMap(node) || isSeq(node)) && node.flow && same(node.toJSON(), value)) return kept(node);
  if (isRecord(value)) {
    if (!isMap(node)) return doc.createNode(pruned(value, path, defaultAt)) as Node;
    const map = node as YAMLMap;
    for (const pair of [...map.items]) {
      const key = keyOf(pair);
      if (typeof key !== "string") continue;
      const next = value[key];
      if (next === undefined || next === null || next === "") {
        map.items.splice(map.items.indexOf(pair), 1);
        continue;
      }
      pair.value = edit(doc, pair.value, next, [...path, key], defaultAt);
    }
    const present = new Set(map.items.map(keyOf));
    for (const [key, next] of Object.entries(value)) {
      if (present.has(key) || key === SOURCE || key === TEXT) continue;
      const at = [...path, key];
      if (empty(next) || same(next, defaultAt(at))) continue;
      map.items.push(doc.createPair(key, pruned(next, at, defaultAt)) as Pair);
    }
    return map;
  }
  if (Array.isArray(value)) {
    if (!isSeq(node)) return doc.createNode(pruned(value, path, defaultAt)) as Node;
    const seq = node as YAMLSeq;
    const old = seq.items.map((item) => ({ node: item, json: (item as Node | null)?.toJSON?.() ?? item, used: false }));
    const items = value.map((item, i) => {
      // The same item, moved or not: as it was written. Else the item in its place, edited.
      const equal = old.find((o) => !o.used && same(o.json, item));
      if (equal) return ((equal.used = true), edit(doc, equal.node, item, [...path, i], defaultAt));
      const inPlace =
        old[i] && !old[i].used && !value.some((v, j) => j !== i && same(old[i]!.json, v)) ? old[i] : undefined;
      if (inPlace) inPlace.used = true;
      const made = edit(doc, inPlace?.node, item, [...path, i], defaultAt);
      return made;
    });
    // Items set apart by blank lines stay so, whichever lands first.
    const spaced = old.length > 1 && old.slice(1).every((o) => (o.node as Node | null)?.spaceBefore);
    if (spaced) items.forEach((item, i) => item && ((item as Node).spaceBefore = i > 0));
    seq.items = items;
    return seq;
  }
  if (isScalar(node)) {
    if (same((node as Scalar).value, value)) return kept(node as Scalar);
    // Keeps its style (a `>-` block stays one, quotes stay); a type change starts afresh.
    if (typeof (node as Scalar).value === typeof value) {
      (node as Scalar).value = value;
      return node as Node;
    }
  }
  return doc.createNode(value) as Node;
}

/**
 * The file `original` (undefined for a new file) changed to hold `data`. `defaultAt` names the values
 * the site assumes when a field is left out, which a new key or a new file does not write.
 */
export function editInPlace(
  original: string | undefined,
  data: Record<string, unknown>,
  defaultAt: DefaultAt = () => undefined,
): string {
  const doc = original === undefined ? new Document({}) : parseDocument(original);
  if (original !== undefined && (doc.errors.length > 0 || !isMap(doc.contents))) {
    return new Document(pruned(data, [], defaultAt)).toString({ lineWidth: 100 });
  }
  originalText = original ?? "";
  keptTexts = [];
  doc.contents = edit(doc, doc.contents, data, [], defaultAt) as typeof doc.contents;
  const texts = keptTexts;
  const written = doc.toString({ lineWidth: 100 }).replace(/KEPT-(\d+)-7f3a9c/g, (_, i: string) => texts[Number(i)]!);
  if (original === undefined) return written;
  // A byte-order mark the file started with (Notepad writes one) stays; the printer leaves it out.
  return keepUntouchedLines(
    original,
    original.startsWith("\uFEFF") && !written.startsWith("\uFEFF") ? `\uFEFF${written}` : written,
  );
}

/**
 * The YAML printer writes a line that held only spaces as an empty line, drops spaces at a line's end,
 * drops blank lines after a block's last line (at the end of a file too), and ends lines with "\n" only:
 * a save would change lines nobody edited (and web editors leave such lines behind). Each line of `written` that matches a line
 * of `original` but for its trailing spaces (matched in order, as a diff matches lines) is given back
 * as the original had it, and a blank line of the original the printer left out is put back where it
 * was. Only when the result reads as the same data as `written` (else `written` as it is).
 */
function keepUntouchedLines(original: string, written: string): string {
  if (original === written) return written;
  // Lines with their line ends, so that a last line of spaces stays apart from the file's end.
  const a = original.split(/(?<=\n)/);
  const b = written.split(/(?<=\n)/);
  const key = (line: string) => line.replace(/[ \t\r]+(?=\n?$)/, "");
  // A file saved with Windows line ends gets them on the lines written anew too.
  const crlf = original.includes("\r\n");
  // Longest common subsequence of the lines without their trailing spaces (files are short).
  const n = a.length;
  const m = b.length;
  const lengths: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i]![j] =
        key(a[i]!) === key(b[j]!) ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  // Blank lines the printer left out, to put back: never more than it left out, so blank lines that
  // moved with a reordered block (which the diff cannot match in place) are not written twice.
  const blank = (line: string) => line.trim() === "";
  let missing = a.filter(blank).length - b.filter(blank).length;
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && key(a[i]!) === key(b[j]!)) {
      out.push(a[i++]!);
      j++;
    } else if (j >= m || (i < n && lengths[i + 1]![j]! >= lengths[i]![j + 1]!)) {
      // A line of spaces the original had and the printer did not write is put back.
      const line = a[i]!;
      if (missing > 0 && blank(line) && key(line) !== line) {
        out.push(line);
        missing--;
      }
      i++;
    } else out.push(crlf ? b[j++]!.replace(/\r?\n$/, "\r\n") : b[j++]!);
  }
  const kept = out.join("");
  return kept !== written && sameData(kept, written) ? kept : written;
}

function sameData(a: string, b: string): boolean {
  const x = parseDocument(a);
  if (x.errors.length > 0) return false;
  return JSON.stringify(x.toJS()) === JSON.stringify(parseDocument(b).toJS());
}

/** Reads a YAML file as the content check does (dates stay text), keeping its text for the save. */
export function fromFile(text: string): Record<string, unknown> {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`this file cannot be read: ${doc.errors[0]!.message}`);
  const data = doc.toJS() as unknown;
  return { ...(isRecord(data) ? data : {}), [SOURCE]: text };
}

/** Writes the file: the text made before saving (with the schema's defaults known), else edited here. */
export function toFile(data: Record<string, unknown>): string {
  if (typeof data[TEXT] === "string") return data[TEXT];
  const source = typeof data[SOURCE] === "string" ? data[SOURCE] : undefined;
  return editInPlace(source, withoutHidden(data));
}

export function withoutHidden(data: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...data };
  delete rest[SOURCE];
  delete rest[TEXT];
  return rest;
}

/** The schema defaults of `root` along `data` (a section's members picked by its `type`). */
export function schemaDefaults(root: z.ZodType, data: unknown): DefaultAt {
  return (path) => {
    const found = fieldAt(root, path, data);
    return found && unwrap(found.field).default?.value;
  };
}

export type { Json };
