/** The Recent changes screen's filter: one entry, one person, each among those met so far. */
import type { FormEvent } from "react";
import type { Filter } from "./changes-state.ts";

interface Props {
  draft: Filter;
  entries: Map<string, string>;
  people: Map<string, string>;
  edit(change: Partial<Filter>): void;
  show(event: FormEvent): void;
  clear(): void;
}

const byName = (a: [string, string], b: [string, string]) => a[1].localeCompare(b[1]);

export function ChangeFilters({ draft, entries, people, edit, show, clear }: Props) {
  return (
    <form role="search" className="changes-filters" onSubmit={show} aria-label="Filter the changes">
      <div className="changes-field">
        <label htmlFor="changes-entry">Entry</label>
        <select id="changes-entry" value={draft.entry} onChange={(e) => edit({ entry: e.target.value })}>
          <option value="">All entries</option>
          {[...entries].sort(byName).map(([path, name]) => (
            <option key={path} value={path}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="changes-field">
        <label htmlFor="changes-person">Person</label>
        <select id="changes-person" value={draft.person} onChange={(e) => edit({ person: e.target.value })}>
          <option value="">Everyone</option>
          {[...people].sort(byName).map(([email, name]) => (
            <option key={email} value={email}>
              {name} ({email})
            </option>
          ))}
        </select>
      </div>
      <div className="changes-buttons">
        <button type="submit">Show changes</button>
        <button type="button" onClick={clear}>
          Clear
        </button>
      </div>
    </form>
  );
}
