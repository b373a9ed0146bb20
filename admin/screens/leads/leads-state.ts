/**
 * The Leads screen's state and how each step changes it: the filter shown and the one being typed,
 * the page of leads (and the cursors of the pages before it), loading and exporting, what the
 * screen says, and the lead open. useLeads.ts runs it.
 */
import type { InboxPage } from "../../../schemas/index.ts";
import { emptyFilter, type Filter } from "./api.ts";

export interface LeadsState {
  /** The filter the leads shown are found by. */
  filter: Filter;
  /** The filter as typed in the form, shown once asked for. */
  draft: Filter;
  /** The cursors of the pages shown before this one (the first page's is undefined). */
  trail: (string | undefined)[];
  cursor: string | undefined;
  page: InboxPage | undefined;
  error: string | undefined;
  busy: boolean;
  exporting: boolean;
  /** What the status line says instead of the count (a lead erased, the export saved). */
  note: string | undefined;
  /** The lead open, by its id. */
  open: string | undefined;
  /** Counts the times the page is asked for again, filter and cursor unchanged. */
  reloads: number;
}

export type LeadsAction =
  | { type: "edit"; change: Partial<Filter> }
  | { type: "show"; filter: Filter }
  | { type: "clear" }
  | { type: "loading" }
  | { type: "loaded"; page: InboxPage }
  | { type: "failed"; error: string }
  | { type: "reload" }
  | { type: "newer" }
  | { type: "older"; next: string }
  | { type: "open"; id: string }
  | { type: "closed"; note: string | undefined }
  | { type: "exporting" }
  | { type: "exported"; note: string }
  | { type: "not exported"; error: string };

/** The filter an address's query names (#/page/leads?spam=only&q=…). */
export function filterFrom(query: URLSearchParams): Filter {
  const spam = query.get("spam");
  return {
    q: query.get("q") ?? "",
    form: query.get("form") ?? "",
    spam: spam === "only" || spam === "include" ? spam : "exclude",
    from: query.get("from") ?? "",
    to: query.get("to") ?? "",
  };
}

export function initialState(query: URLSearchParams): LeadsState {
  const filter = filterFrom(query);
  return {
    filter,
    draft: filter,
    trail: [],
    cursor: undefined,
    page: undefined,
    error: undefined,
    busy: false,
    exporting: false,
    note: undefined,
    open: undefined,
    reloads: 0,
  };
}

/** The leads of `filter` from the first page, asked for again even when it is the same. */
const shown = (state: LeadsState, filter: Filter): LeadsState => ({
  ...state,
  filter: { ...filter },
  trail: [],
  cursor: undefined,
  note: undefined,
});

export function leadsReducer(state: LeadsState, action: LeadsAction): LeadsState {
  switch (action.type) {
    case "edit":
      return { ...state, draft: { ...state.draft, ...action.change } };
    case "show":
      return shown(state, action.filter);
    case "clear":
      return shown({ ...state, draft: emptyFilter }, emptyFilter);
    case "loading":
      return { ...state, busy: true, error: undefined };
    case "loaded":
      return { ...state, page: action.page, busy: false };
    case "failed":
      return { ...state, page: undefined, error: action.error, busy: false };
    case "reload":
      return { ...state, reloads: state.reloads + 1 };
    case "newer":
      return { ...state, cursor: state.trail.at(-1), trail: state.trail.slice(0, -1) };
    case "older":
      return { ...state, trail: [...state.trail, state.cursor], cursor: action.next };
    case "open":
      return { ...state, note: undefined, open: action.id };
    case "closed":
      return { ...state, open: undefined, note: action.note ?? state.note, reloads: state.reloads + 1 };
    case "exporting":
      return { ...state, exporting: true, error: undefined };
    case "exported":
      return { ...state, exporting: false, note: action.note };
    case "not exported":
      return { ...state, exporting: false, error: action.error };
  }
}
