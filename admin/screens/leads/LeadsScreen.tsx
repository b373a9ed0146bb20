/**
 * The Leads screen (/admin/#/page/leads): marketing's inbox. Newest first, a page of 25 at a time
 * ("Newer" / "Older": the server's keyset cursors, those of the pages before kept here), searched by
 * what the visitor typed, filtered by form, days and "held as spam" (LeadFilters.tsx); a lead opens
 * in place (LeadDetail.tsx). The filter is kept in the address (#/page/leads?spam=only …), so the
 * daily summary's link opens the held leads. Every refusal is said in words (api.ts). Its state:
 * useLeads.ts.
 */
import { RetryAlert } from "../retry-alert.tsx";
import { LeadDetail } from "./LeadDetail.tsx";
import { LeadFilters } from "./LeadFilters.tsx";
import { LeadList } from "./LeadList.tsx";
import type { LeadsState } from "./leads-state.ts";
import { useLeads } from "./useLeads.ts";
import type { Forms } from "./words.ts";

/** What the status line says: loading, what was done, or how many leads show. */
function status({ busy, note, page, filter, trail }: LeadsState): string {
  if (busy) return "Loading leads…";
  if (note) return note;
  if (!page) return "";
  const count = page.leads.length;
  const described =
    filter.spam === "only" ? "held as spam" : filter.spam === "include" ? "including those held as spam" : "";
  if (count === 0) return `No leads ${described ? `${described} ` : ""}match.`;
  return `${count} ${count === 1 ? "lead" : "leads"}${described ? ` ${described}` : ""}${trail.length ? `, page ${trail.length + 1}` : ""}.`;
}

export function LeadsScreen({ forms, query }: { forms: Forms; query: URLSearchParams }) {
  const { state, heading, act } = useLeads(query);
  const { page, error, busy, trail, exporting } = state;
  if (state.open) return <LeadDetail id={state.open} forms={forms} onBack={act.close} />;
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Leads
      </h1>
      <p>
        What visitors sent through the site's forms, newest first. Leads held as spam were not delivered: open one to
        deliver it.
      </p>
      <LeadFilters forms={forms} draft={state.draft} edit={act.edit} search={act.search} clear={act.clear} />
      {error ? <RetryAlert error={error} retry={act.reload} /> : null}
      <p role="status" className="leads-status">
        {status(state)}
      </p>
      {page && page.leads.length > 0 ? <LeadList forms={forms} leads={page.leads} open={act.open} /> : null}
      <div className="leads-buttons">
        <button type="button" disabled={trail.length === 0 || busy} onClick={act.newer}>
          Newer
        </button>
        <button type="button" disabled={!page?.next || busy} onClick={() => act.older(page!.next!)}>
          Older
        </button>
        <button type="button" disabled={exporting} onClick={act.exportLeads}>
          {exporting ? "Exporting…" : "Export these leads (CSV)"}
        </button>
      </div>
    </>
  );
}
