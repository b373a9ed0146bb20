/** What a lead says: what was sent (by the form's labels), where it came from (page, campaign) and the consent state it was sent under, and each delivery in words (the server's). */
import type { InboxLead } from "../../../schemas/index.ts";
import { adConsentWords, attributionLabel, type fieldsOf } from "./words.ts";

interface Props {
  lead: InboxLead;
  /** The lead's fields by the form's labels (words.ts). */
  fields: ReturnType<typeof fieldsOf>;
}

export function LeadFacts({ lead, fields }: Props) {
  const attribution = Object.entries(lead.attribution ?? {}).filter(([, value]) => value);
  return (
    <>
      <h2>What was sent</h2>
      <dl className="leads-facts">
        {fields.map((f) => (
          <div key={f.name}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
        {lead.choice ? (
          <div>
            <dt>Chosen</dt>
            <dd>{lead.choice}</dd>
          </div>
        ) : null}
        <div>
          <dt>Consent</dt>
          <dd>{lead.consent ?? "Not asked"}</dd>
        </div>
      </dl>

      <h2>Where it came from</h2>
      <dl className="leads-facts">
        <div>
          <dt>Sent from the page</dt>
          <dd>{lead.page}</dd>
        </div>
        {attribution.map(([name, value]) => (
          <div key={name}>
            <dt>{attributionLabel(name)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {attribution.length === 0 ? (
          <div>
            <dt>Campaign</dt>
            <dd>None recorded</dd>
          </div>
        ) : null}
        {adConsentWords(lead.ad_consent ?? null).map(({ label, value }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <h2>Deliveries</h2>
      {lead.deliveries.length === 0 ? (
        <p>{lead.spam ? "None: held leads are not delivered." : "None: no delivery target was set up when it came."}</p>
      ) : (
        <ul className="leads-deliveries">
          {lead.deliveries.map((d) => (
            <li key={d.id}>
              <strong>{d.name ?? d.target}</strong>: {d.state ?? d.status}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
