/**
 * The Recent changes screen (/admin/#/page/changes, issue 46): the latest changes to the content,
 * newest first, in the editor's words, filtered by entry and by person (ChangeFilters.tsx, kept in
 * the address), a page at a time ("Show more"); a deleted entry brought back as a change to publish.
 * Its state: useChanges.ts.
 */
import { useMemo } from "react";
import { goneFiles } from "../../history/recent/change-rows.ts";
import { RetryAlert } from "../retry-alert.tsx";
import { ChangeFilters } from "./ChangeFilters.tsx";
import { ChangeList } from "./ChangeList.tsx";
import type { ChangesState } from "./changes-state.ts";
import { useChanges } from "./useChanges.ts";

/** What the status line says: loading, a note, or how many changes show. */
function status({ busy, note, rows, error }: ChangesState): string {
  if (busy) return "Loading changes…";
  if (note) return note;
  if (error) return "";
  if (rows.length === 0) return "No changes match.";
  return `${rows.length} ${rows.length === 1 ? "change" : "changes"}.`;
}

export function ChangesScreen({ query, zone }: { query: URLSearchParams; zone: string }) {
  const { state, act } = useChanges(query);
  const { rows, error, busy, next } = state;
  // Removed and not changed since, among the rows: a person's rows are not all, so "Bring back" checks again.
  const gone = useMemo(() => new Map([...goneFiles(rows)].map(([path, row]) => [path, row.sha])), [rows]);
  return (
    <>
      <h1>Recent changes</h1>
      <p>
        What was published lately, newest first: who changed what, and when (in the site's time zone, {zone}). Open an
        entry to see its history and restore an earlier version; a deleted entry can be brought back.
      </p>
      <ChangeFilters
        draft={state.draft}
        entries={state.entries}
        people={state.people}
        edit={act.edit}
        show={act.show}
        clear={act.clear}
      />
      {error ? <RetryAlert error={error} retry={act.reload} /> : null}
      <p role="status" className="changes-status">
        {status(state)}
      </p>
      {rows.length > 0 ? <ChangeList rows={rows} zone={zone} gone={gone} bringBack={act.bringBack} /> : null}
      {next ? (
        <div className="changes-buttons">
          <button type="button" disabled={busy} onClick={act.more}>
            Show more changes
          </button>
        </div>
      ) : null}
    </>
  );
}
