/**
 * The Recent changes screen's state at work (changes-state.ts): a page of rows read and said in words
 * whenever the filter, "Show more" or "Try again" asks for it (an answer that comes after another
 * question is dropped); the filter kept in the address; the focus on the first row "Show more"
 * added; and "Bring back".
 */
import { useEffect, useMemo, useReducer, useRef, type FormEvent } from "react";
import type { HistorySource } from "../../../schemas/history.ts";
import { config } from "../../config.ts";
import { storedTitle } from "../../editor/content-cache.ts";
import { rowPage } from "../../history/recent/change-rows.ts";
import {
  describeRows,
  keptReader,
  type DescribedFile,
  type DescribeOptions,
} from "../../history/recent/describe-change.ts";
import { historySource } from "../../history/sources/source.ts";
import { entryFields } from "../../editor/labels.ts";
import { bringBack } from "./bring-back.ts";
import { changesReducer, emptyFilter, filterQuery, initialState, type Filter } from "./changes-state.ts";

export const changesAddress = "#/page/changes";

/** The filter in the address: a reload or a shared link shows the same changes. */
function remember(filter: Filter) {
  const q = filterQuery(filter).toString();
  window.history.replaceState(window.history.state, "", `${changesAddress}${q ? `?${q}` : ""}`);
}

const inWords = (e: unknown) =>
  e instanceof Error && e.message ? e.message : "Something went wrong in this screen; reload the page.";

/** Each source's versions as read, kept while /admin/ is open (a commit never changes). */
const readers = new WeakMap<HistorySource, DescribeOptions["read"]>();
const readerOf = (source: HistorySource) => readers.get(source) ?? readers.set(source, keptReader(source)).get(source)!;

/** The history source, or why there is none. */
function sourceOrError(): { source?: HistorySource; error?: string } {
  try {
    return { source: historySource() };
  } catch (e) {
    return { error: inWords(e) };
  }
}

export function useChanges(query: URLSearchParams) {
  const [state, dispatch] = useReducer(changesReducer, query, initialState);
  const { filter, at, reloads } = state;
  const { source, error } = useMemo(sourceOrError, []);
  const options = useMemo<DescribeOptions | undefined>(
    () =>
      source && {
        collections: config.collections,
        fieldsOf: (entry) => entryFields(config, entry.collection, entry.slug),
        read: readerOf(source),
        titleOf: storedTitle,
      },
    [source],
  );
  /** The index of the first row "Show more" added, to move the focus to once it shows. */
  const firstAdded = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!source || !options) {
      dispatch({ type: "failed", error: error ?? "" });
      return;
    }
    let current = true;
    dispatch({ type: "loading" });
    rowPage(source, { path: filter.entry || undefined, author: filter.person || undefined, at })
      .then(async (page) => ({ rows: await describeRows(page.rows, options), next: page.next }))
      .then(({ rows, next }) => current && dispatch({ type: "loaded", rows, next }))
      .catch((e: unknown) => current && dispatch({ type: "failed", error: inWords(e) }));
    return () => {
      current = false;
    };
  }, [source, options, error, filter, at, reloads]);

  useEffect(() => {
    const index = firstAdded.current;
    if (index === undefined || state.busy || index >= state.rows.length) return;
    firstAdded.current = undefined;
    document.getElementById(`change-${index}`)?.focus();
  }, [state.rows, state.busy]);

  const act = {
    edit: (change: Partial<Filter>) => dispatch({ type: "edit", change }),
    show: (event: FormEvent) => {
      event.preventDefault();
      dispatch({ type: "show", filter: state.draft });
      remember(state.draft);
    },
    clear: () => {
      dispatch({ type: "show", filter: emptyFilter });
      remember(emptyFilter);
    },
    more: () => {
      firstAdded.current = state.rows.length;
      dispatch({ type: "more" });
    },
    reload: () => dispatch({ type: "reload" }),
    bringBack: (file: DescribedFile) => {
      dispatch({ type: "note", note: `Opening "${file.title}" in the editor…` });
      bringBack(file).then(
        ({ there }) =>
          there &&
          dispatch({ type: "note", note: `"${file.title}" is there again: open it from its list in the editor.` }),
        (e: unknown) => dispatch({ type: "failed", error: inWords(e) }),
      );
    },
  };
  return { state, act };
}
