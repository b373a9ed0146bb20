/**
 * The context's fingerprint, for the per-file cache (cache.ts): a validated value is reused only in
 * the context it was validated in, or (the dev server) in one that differs only in what the file does
 * not mention. Speed machinery: without it every file is validated in the run's own context, with
 * the same results.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import type { ContextInputs } from "../stages/context.ts";
import { hashOf } from "../stages/files.ts";
import type { Loaded } from "../stages/load.ts";

/**
 * Everything validation reads besides the file itself: every context input as it is (so an input
 * added later is covered without a change here: ids, routes, anchors, drafts, redirects, site.yaml's
 * {{tokens}} and not-found route, the only parts of it other files depend on, so a new copyright
 * line validates no page again), the pictures by name, size and time, and the unreadable files. A
 * validated value in the per-file cache counts only for this fingerprint, or (the dev server) for
 * one that differs only in what the file does not mention (reuseAcrossContexts).
 */
/** Each picture by name, size and modification time (by name alone when it is gone). */
function picturesOf(inputs: ContextInputs): (string | number)[][] {
  return inputs.images.map((rel) => {
    try {
      const { size, mtimeMs } = statSync(join(inputs.contentDir, rel));
      return [rel, size, mtimeMs];
    } catch {
      return [rel];
    }
  });
}

export function contextFingerprint(loaded: Loaded, inputs: ContextInputs): string {
  const pictures = picturesOf(inputs);
  // The pictures' names are replaced by their stats; every other input goes in as it is.
  return hashOf(JSON.stringify([{ ...inputs, images: pictures }, loaded.unreadable]));
}

/**
 * The context as facts, each with the names a file would have to mention to depend on it: an id, a
 * route, an anchor, a token's name, a picture's file name. A fact named "" concerns every file.
 */
function contextFacts(inputs: ContextInputs, pictures: (string | number)[][]): Map<string, string[]> {
  const facts = new Map<string, string[]>();
  const add = (key: unknown[], names: string[]) => facts.set(JSON.stringify(key), names);
  const { ids, routes, routesUnknown, anchors, drafts, redirects, tokens, notFoundRoute, timeZone } = inputs;
  for (const [kind, list] of Object.entries(ids)) for (const id of list) add(["id", kind, id], [id]);
  for (const route of routes) add(["route", route], [route]);
  for (const [route, list] of Object.entries(anchors)) for (const anchor of list) add(["anchor", route, anchor], [anchor]);
  for (const [kind, list] of Object.entries(drafts.ids)) for (const id of list) add(["draft", kind, id], [id]);
  for (const route of drafts.routes) add(["draft route", route], [route]);
  for (const [route, list] of Object.entries(drafts.anchors)) for (const anchor of list) add(["draft anchor", route, anchor], [anchor]);
  for (const { from, to } of redirects ?? []) add(["redirect", from, to], [from, to]);
  add(["redirects file", redirects === undefined], [""]);
  add(["routes unknown", routesUnknown], [""]);
  add(["not found", notFoundRoute], [""]);
  add(["time zone", timeZone ?? null], [""]);
  // What is not shown now: a page's route is named by links to it; an item's own file is validated again.
  for (const [route, when] of Object.entries(inputs.unshown.routes)) add(["unshown route", route, when], [route]);
  for (const item of inputs.unshown.items) add(["unshown", item], [""]);
  for (const [name, value] of Object.entries(tokens)) add(["token", name, value ?? null], [name]);
  for (const picture of pictures) add(["picture", ...picture], [String(picture[0]).split("/").at(-1)!]);
  return facts;
}

// The dev server's recent contexts (by the cache it keeps between saves): fingerprint → facts.
const recentContexts = new WeakMap<object, Map<string, Map<string, string[]>>>();
const rememberedContexts = 8;
/** Past this many differing names, every file is validated again (the test would cost more). */
const mostNames = 64;

/**
 * For a cache kept between runs (the dev server): whether a file validated in an earlier context
 * (`validatedIn`) still holds in this one: the contexts differ only in facts whose names its text
 * does not contain (a file refers to an id, route, anchor, token or picture by writing it). An edit
 * that adds an anchor or changes the phone number validates again only the files that mention it.
 * A CLI run has no earlier contexts: there the fingerprints must match.
 */
export function reuseAcrossContexts(
  owner: object,
  fingerprint: string,
  inputs: ContextInputs,
): (validatedIn: string, text: string) => boolean {
  let known = recentContexts.get(owner);
  if (!known) recentContexts.set(owner, (known = new Map()));
  const pictures = picturesOf(inputs);
  const now = known.get(fingerprint) ?? contextFacts(inputs, pictures);
  known.delete(fingerprint);
  known.set(fingerprint, now);
  while (known.size > rememberedContexts) known.delete(known.keys().next().value!);
  const differing = new Map<string, string[] | null>();
  return (validatedIn, text) => {
    if (validatedIn === fingerprint) return true;
    let names = differing.get(validatedIn);
    if (names === undefined) {
      const then = known.get(validatedIn);
      names = then ? namesThatDiffer(then, now) : null;
      differing.set(validatedIn, names);
    }
    return names !== null && names.every((name) => !text.includes(name));
  };
}

/** The names of the facts in one context and not the other; null when one concerns every file. */
function namesThatDiffer(a: Map<string, string[]>, b: Map<string, string[]>): string[] | null {
  const names = new Set<string>();
  for (const [one, other] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const [key, list] of one) {
      if (other.has(key)) continue;
      for (const name of list) names.add(name);
      if (names.has("") || names.size > mostNames) return null;
    }
  }
  return [...names];
}
