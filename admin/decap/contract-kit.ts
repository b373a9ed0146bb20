/**
 * What the contracts of Decap's internals (contracts.ts) share: Decap's store and backend as they are
 * (untyped: lint allows `any` in admin/decap/contract*.ts), a check that throws in words, and the
 * entry the editor shows.
 */
import { store } from "decap-cms-core/dist/esm/redux/index.js";
import { currentBackend } from "decap-cms-core/dist/esm/backend.js";
import { fieldInForm } from "../widgets/on-screen.ts";
import { draftEntry } from "./decap.ts";

export type Stage = "logged in" | "entry" | "new entry";

export const state = (): any => store.getState();
export const backend = (): any => currentBackend(state().config);

export function expect(holds: unknown, what: string): void {
  if (!holds) throw new Error(what);
}
export const isFunction = (value: unknown) => typeof value === "function";
export const method = (name: string) => expect(isFunction(backend()?.[name]), `the backend has no method ${name}`);

/** The entry the editor shows, its collection's configuration in Decap's store, and the raw draft. */
export function editing() {
  const draft = state().entryDraft?.get?.("entry");
  const collection = state().collections?.get?.(draft?.get?.("collection"));
  expect(draft && collection, "no entry is open in the editor");
  return { draft, collection };
}

/** The list field of the open entry with the most items (a page's sections). */
export function aList(): { name: string; items: unknown[] } {
  const data = draftEntry()?.data ?? {};
  const lists = Object.entries(data).filter((e): e is [string, unknown[]] => Array.isArray(e[1]) && e[1].length > 0);
  expect(lists.length > 0, "the open entry has no list with items");
  const [name, items] = lists.sort((a, b) => b[1].length - a[1].length)[0]!;
  return { name, items };
}

export type Check = { stage: Stage; check: () => void | Promise<void> };

/** The label of a field of the last item of the list `name`, found by its path (the item's index from the list's keys). */
export function lastItemLabel(name: string, items: unknown[]): HTMLElement | undefined {
  const index = items.length - 1;
  const item = items[index];
  const keys = item && typeof item === "object" ? Object.keys(item) : [];
  for (const key of keys) {
    const found = fieldInForm([name, index, key]);
    if (found) return found.label;
  }
  return item !== null && typeof item !== "object" ? fieldInForm([name, index])?.label : undefined;
}

export function listItemFound(problem: string) {
  const { name, items } = aList();
  expect(lastItemLabel(name, items), problem);
}
