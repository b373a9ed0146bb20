/** The Leads screen's search: what the visitor typed, the form, the leads held as spam, and the days. */
import type { FormEvent } from "react";
import type { Filter } from "./api.ts";
import { formTitle, type Forms } from "./words.ts";

interface Props {
  forms: Forms;
  draft: Filter;
  edit(change: Partial<Filter>): void;
  search(event: FormEvent): void;
  clear(): void;
}

export function LeadFilters({ forms, draft, edit, search, clear }: Props) {
  return (
    <form role="search" className="leads-filters" onSubmit={search} aria-label="Find leads">
      <div className="leads-field leads-field--wide">
        <label htmlFor="leads-q">Search by name, e-mail, phone or text</label>
        <input
          id="leads-q"
          type="search"
          value={draft.q}
          maxLength={200}
          onChange={(e) => edit({ q: e.target.value })}
        />
      </div>
      <div className="leads-field">
        <label htmlFor="leads-form">Form</label>
        <select id="leads-form" value={draft.form} onChange={(e) => edit({ form: e.target.value })}>
          <option value="">All forms</option>
          {Object.keys(forms).map((id) => (
            <option key={id} value={id}>
              {formTitle(forms, id)}
            </option>
          ))}
        </select>
      </div>
      <div className="leads-field">
        <label htmlFor="leads-spam">Held as spam</label>
        <select id="leads-spam" value={draft.spam} onChange={(e) => edit({ spam: e.target.value as Filter["spam"] })}>
          <option value="exclude">Leave them out</option>
          <option value="only">Only those held as spam</option>
          <option value="include">Show them too</option>
        </select>
      </div>
      <div className="leads-field">
        <label htmlFor="leads-from">From (day)</label>
        <input id="leads-from" type="date" value={draft.from} onChange={(e) => edit({ from: e.target.value })} />
      </div>
      <div className="leads-field">
        <label htmlFor="leads-to">To (day)</label>
        <input id="leads-to" type="date" value={draft.to} onChange={(e) => edit({ to: e.target.value })} />
      </div>
      <div className="leads-buttons">
        <button type="submit">Show leads</button>
        <button type="button" onClick={clear}>
          Clear
        </button>
      </div>
    </form>
  );
}
