/**
 * The Leads screen (/admin/#/page/leads): marketing's inbox. Newest first, a page of 25 at a time
 * ("Newer" / "Older": the server's keyset cursors, those of the pages before kept here), searched by
 * what the visitor typed, filtered by form, days and "held as spam"; a lead opens in place
 * (LeadDetail.tsx). The filter is kept in the address (#/page/leads?spam=only …), so the daily
 * summary's link opens the held leads. Every refusal is said in words (api.ts).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { emptyFilter, exportCsv, filterQuery, InboxError, listLeads, type Filter } from "./api.ts";
import type { InboxPage } from "../../schemas/index.ts";
import { LeadDetail } from "./LeadDetail.tsx";
import { formTitle, summaryOf, when, whyHeld, type Forms } from "./words.ts";

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

export function LeadsScreen({ forms, query }: { forms: Forms; query: URLSearchParams }) {
  const [filter, setFilter] = useState<Filter>(() => filterFrom(query));
  const [draft, setDraft] = useState<Filter>(filter);
  /** The cursors of the pages shown before this one (the first page's is undefined). */
  const [trail, setTrail] = useState<(string | undefined)[]>([]);
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const [page, setPage] = useState<InboxPage | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState<string | undefined>(undefined);
  const [reloads, setReloads] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const lastOpened = useRef<string | undefined>(undefined);

  useEffect(() => {
    let current = true;
    setBusy(true);
    setError(undefined);
    listLeads(filter, cursor)
      .then((result) => current && setPage(result))
      .catch((e: unknown) => {
        if (!current) return;
        setPage(undefined);
        setError(e instanceof InboxError ? e.message : "Something went wrong in this screen; reload the page.");
      })
      .finally(() => current && setBusy(false));
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

  const show = (next: Filter) => {
    setFilter({ ...next });
    setTrail([]);
    setCursor(undefined);
    setNote(undefined);
    // The filter in the address: a reload or a shared link shows the same leads.
    const q = filterQuery(next).toString();
    window.history.replaceState(window.history.state, "", `#/page/leads${q ? `?${q}` : ""}`);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    show(draft);
  };

  const closeLead = useCallback((message?: string) => {
    setOpen(undefined);
    if (message) {
      setNote(message);
      lastOpened.current = "";
    }
    setReloads((n) => n + 1);
  }, []);

  const [exporting, setExporting] = useState(false);
  const doExport = async () => {
    setExporting(true);
    setError(undefined);
    try {
      await exportCsv(filter);
      setNote("The CSV of these leads was saved to your downloads.");
    } catch (e) {
      setError(e instanceof InboxError ? e.message : "The export could not be made; try again.");
    } finally {
      setExporting(false);
    }
  };

  if (open) return <LeadDetail id={open} forms={forms} onBack={closeLead} />;

  const set = <K extends keyof Filter>(key: K, value: Filter[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const count = page?.leads.length ?? 0;
  const described =
    filter.spam === "only" ? "held as spam" : filter.spam === "include" ? "including those held as spam" : "";
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Leads
      </h1>
      <p>
        What visitors sent through the site's forms, newest first. Leads held as spam were not delivered: open one to
        deliver it.
      </p>
      <form role="search" className="leads-filters" onSubmit={search} aria-label="Find leads">
        <div className="leads-field leads-field--wide">
          <label htmlFor="leads-q">Search by name, e-mail, phone or text</label>
          <input
            id="leads-q"
            type="search"
            value={draft.q}
            maxLength={200}
            onChange={(e) => set("q", e.target.value)}
          />
        </div>
        <div className="leads-field">
          <label htmlFor="leads-form">Form</label>
          <select id="leads-form" value={draft.form} onChange={(e) => set("form", e.target.value)}>
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
          <select id="leads-spam" value={draft.spam} onChange={(e) => set("spam", e.target.value as Filter["spam"])}>
            <option value="exclude">Leave them out</option>
            <option value="only">Only those held as spam</option>
            <option value="include">Show them too</option>
          </select>
        </div>
        <div className="leads-field">
          <label htmlFor="leads-from">From (day)</label>
          <input id="leads-from" type="date" value={draft.from} onChange={(e) => set("from", e.target.value)} />
        </div>
        <div className="leads-field">
          <label htmlFor="leads-to">To (day)</label>
          <input id="leads-to" type="date" value={draft.to} onChange={(e) => set("to", e.target.value)} />
        </div>
        <div className="leads-buttons">
          <button type="submit">Show leads</button>
          <button
            type="button"
            onClick={() => {
              setDraft(emptyFilter);
              show(emptyFilter);
            }}
          >
            Clear
          </button>
        </div>
      </form>

      {error ? (
        <div role="alert" className="leads-error">
          <p>{error}</p>
          <button type="button" onClick={() => setReloads((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : null}
      <p role="status" className="leads-status">
        {busy
          ? "Loading leads…"
          : note
            ? note
            : page
              ? count === 0
                ? `No leads ${described ? `${described} ` : ""}match.`
                : `${count} ${count === 1 ? "lead" : "leads"}${described ? ` ${described}` : ""}${trail.length ? `, page ${trail.length + 1}` : ""}.`
              : ""}
      </p>

      {page && page.leads.length > 0 ? (
        <>
          <ul className="leads-list" aria-label="Leads, newest first">
            {page.leads.map((lead) => (
              <li key={lead.id}>
                <button
                  type="button"
                  className="leads-item"
                  data-lead={lead.id}
                  onClick={() => {
                    lastOpened.current = lead.id;
                    setNote(undefined);
                    setOpen(lead.id);
                  }}
                >
                  <span className="leads-item-who">{summaryOf(forms, lead)}</span>
                  <span className="leads-item-meta">
                    {when(lead.created_at)} · {formTitle(forms, lead.form)}
                  </span>
                  {lead.spam ? <span className="leads-tag">Held as spam: {whyHeld(lead.spam)}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="leads-buttons">
        <button
          type="button"
          disabled={trail.length === 0 || busy}
          onClick={() => {
            setCursor(trail.at(-1));
            setTrail(trail.slice(0, -1));
          }}
        >
          Newer
        </button>
        <button
          type="button"
          disabled={!page?.next || busy}
          onClick={() => {
            setTrail([...trail, cursor]);
            setCursor(page!.next!);
          }}
        >
          Older
        </button>
        <button type="button" disabled={exporting} onClick={() => void doExport()}>
          {exporting ? "Exporting…" : "Export these leads (CSV)"}
        </button>
      </div>
    </>
  );
}
