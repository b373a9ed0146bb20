/**
 * The Leads screen's state at work (leads-state.ts): a page of leads read whenever the filter, the
 * cursor or a reload asks for it (an answer that comes after another question is dropped); the
 * filter kept in the address, so a reload or a shared link shows the same leads; the focus back on
 * the lead's button (or the heading, once the lead is erased) when a lead closes; and the export.
 */
import { useCallback, useEffect, useReducer, useRef, type FormEvent } from "react";
import { emptyFilter, exportCsv, filterQuery, InboxError, listLeads, type Filter } from "./api.ts";
import { initialState, leadsReducer } from "./leads-state.ts";

const inWords = (e: unknown, otherwise: string) => (e instanceof InboxError ? e.message : otherwise);

/** The filter in the address: a reload or a shared link shows the same leads. */
function remember(filter: Filter) {
  const q = filterQuery(filter).toString();
  window.history.replaceState(window.history.state, "", `#/page/leads${q ? `?${q}` : ""}`);
}

export function useLeads(query: URLSearchParams) {
  const [state, dispatch] = useReducer(leadsReducer, query, initialState);
  const { filter, cursor, reloads, open, page } = state;
  const heading = useRef<HTMLHeadingElement>(null);
  /** The lead last opened ("": it was erased, its button is gone). */
  const lastOpened = useRef<string | undefined>(undefined);

  useEffect(() => {
    let current = true;
    dispatch({ type: "loading" });
    listLeads(filter, cursor)
      .then((result) => current && dispatch({ type: "loaded", page: result }))
      .catch((e: unknown) => {
        if (current)
          dispatch({ type: "failed", error: inWords(e, "Something went wrong in this screen; reload the page.") });
      });
    return () => {
      current = false;
    };
  }, [filter, cursor, reloads]);

  // Back from a lead: focus returns to the button that opened it, or to the heading.
  useEffect(() => {
    if (open || !page) return;
    const id = lastOpened.current;
    if (id === undefined) return;
    lastOpened.current = undefined;
    // "": back after the lead was erased (its button is gone): the heading, above the status line.
    const button = id ? document.querySelector<HTMLButtonElement>(`[data-lead="${CSS.escape(id)}"]`) : null;
    (button ?? heading.current)?.focus();
  }, [open, page]);

  const close = useCallback((message?: string) => {
    if (message) lastOpened.current = "";
    dispatch({ type: "closed", note: message || undefined });
  }, []);

  const exportLeads = async () => {
    dispatch({ type: "exporting" });
    try {
      await exportCsv(filter);
      dispatch({ type: "exported", note: "The CSV of these leads was saved to your downloads." });
    } catch (e) {
      dispatch({ type: "not exported", error: inWords(e, "The export could not be made; try again.") });
    }
  };

  const act = {
    edit: (change: Partial<Filter>) => dispatch({ type: "edit", change }),
    search: (event: FormEvent) => {
      event.preventDefault();
      dispatch({ type: "show", filter: state.draft });
      remember(state.draft);
    },
    clear: () => {
      dispatch({ type: "clear" });
      remember(emptyFilter);
    },
    open: (id: string) => {
      lastOpened.current = id;
      dispatch({ type: "open", id });
    },
    close,
    reload: () => dispatch({ type: "reload" }),
    newer: () => dispatch({ type: "newer" }),
    older: (next: string) => dispatch({ type: "older", next }),
    exportLeads: () => void exportLeads(),
  };
  return { state, heading, act };
}
