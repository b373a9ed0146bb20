/** A page of leads, newest first: each a button that opens it, saying who, when, through which form, and why it is held. */
import type { InboxPage } from "../../../schemas/index.ts";
import { formTitle, summaryOf, when, whyHeld, type Forms } from "./words.ts";

export function LeadList({ forms, leads, open }: { forms: Forms; leads: InboxPage["leads"]; open(id: string): void }) {
  return (
    <ul className="leads-list" aria-label="Leads, newest first">
      {leads.map((lead) => (
        <li key={lead.id}>
          <button type="button" className="leads-item" data-lead={lead.id} onClick={() => open(lead.id)}>
            <span className="leads-item-who">{summaryOf(forms, lead)}</span>
            <span className="leads-item-meta">
              {when(lead.created_at)} · {formTitle(forms, lead.form)}
            </span>
            {lead.spam ? <span className="leads-tag">Held as spam: {whyHeld(lead.spam)}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
