/**
 * The Recent changes screen's state and how each step changes it: the filter shown and the one being
 * chosen (entry and person, kept in the address), the rows shown so far and the cursor of the next
 * page, loading, what the screen says, and the entries and people met so far (the filter's choices).
 * useChanges.ts runs it.
 */
import type { RowsAt } from "../../history/recent/change-rows.ts";
import type { DescribedRow } from "../../history/recent/describe-change.ts";

export interface Filter {
  /** An entry's file ("content/collections/faq/is-it-safe.yaml"); "" for every entry. */
  entry: string;
  /** A person's e-mail; "" for everyone. */
  person: string;
}

export const emptyFilter: Filter = { entry: "", person: "" };

export interface ChangesState {
  filter: Filter;
  draft: Filter;
  rows: DescribedRow[];
  /** Where the page after the rows shown starts; undefined when they are all. */
  next: RowsAt | undefined;
  /** The page being asked for: undefined for the first. */
  at: RowsAt | undefined;
  busy: boolean;
  error: string | undefined;
  note: string | undefined;
  /** Entries met, by file: their names in the filter. */
  entries: Map<string, string>;
  /** People met, by e-mail: their names. */
  people: Map<string, string>;
  /** Counts the times the page is asked for again. */
  reloads: number;
}

export type ChangesAction =
  | { type: "edit"; change: Partial<Filter> }
  | { type: "show"; filter: Filter }
  | { type: "loading" }
  | { type: "loaded"; rows: DescribedRow[]; next: RowsAt | undefined }
  | { type: "failed"; error: string }
  | { type: "more" }
  | { type: "reload" }
  | { type: "note"; note: string | undefined };

/** The filter an address's query names (#/page/changes?entry=…&person=…). */
export const filterFrom = (query: URLSearchParams): Filter => ({
  entry: query.get("entry") ?? "",
  person: query.get("person") ?? "",
});

/** The query string of a filter, without what is left at "all". */
export function filterQuery(filter: Filter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.entry) query.set("entry", filter.entry);
  if (filter.person) query.set("person", filter.person);
  return query;
}

export function initialState(query: URLSearchParams): ChangesState {
  const filter = filterFrom(query);
  return {
    filter,
    draft: filter,
    rows: [],
    next: undefined,
    at: undefined,
    busy: false,
    error: undefined,
    note: undefined,
    // The filter from the address is a choice before its entry or person is met.
    entries: new Map(filter.entry ? [[filter.entry, filter.entry.replace(/^content\//, "")]] : []),
    people: new Map(filter.person ? [[filter.person, filter.person]] : []),
    reloads: 0,
  };
}

/** The entries and people of `rows`, added to those met before (a name met later replaces a stand-in). */
function met(state: ChangesState, rows: DescribedRow[]) {
  const entries = new Map(state.entries);
  const people = new Map(state.people);
  for (const row of rows) {
    people.set(row.email, row.author);
    for (const file of row.files) if (file.entry) entries.set(file.path, `${file.title} (${file.entry.noun})`);
  }
  return { entries, people };
}

export function changesReducer(state: ChangesState, action: ChangesAction): ChangesState {
  switch (action.type) {
    case "edit":
      return { ...state, draft: { ...state.draft, ...action.change } };
    case "show":
      return { ...state, filter: { ...action.filter }, draft: { ...action.filter }, at: undefined, note: undefined };
    case "loading":
      return { ...state, busy: true, error: undefined };
    case "loaded": {
      const rows = state.at === undefined ? action.rows : [...state.rows, ...action.rows];
      return { ...state, rows, next: action.next, busy: false, ...met(state, action.rows) };
    }
    case "failed":
      return { ...state, error: action.error, busy: false };
    case "more":
      return state.next ? { ...state, at: state.next, note: undefined } : state;
    case "reload":
      return { ...state, reloads: state.reloads + 1 };
    case "note":
      return { ...state, note: action.note };
  }
}
