/**
 * One lead on the Leads screen: what was sent (by the form's labels), where it came from (page,
 * campaign), why it was held, each delivery in words (the server's), and what marketing can do:
 * "Not spam: deliver it", "Mark as spam", "Erase this person" (a confirmation that says what goes).
 */
import { useEffect, useRef, useState } from "react";
import { erase, getLead, InboxError, markSpam, release } from "./api.ts";
import type { InboxLead } from "../../schemas/index.ts";
import { attributionLabel, fieldsOf, formTitle, personOf, when, whyHeld, type Forms } from "./words.ts";

const inWords = (e: unknown) =>
  e instanceof InboxError ? e.message : "Something went wrong in this screen; reload the page.";

export function LeadDetail({ id, forms, onBack }: { id: string; forms: Forms; onBack: (message?: string) => void }) {
  const [lead, setLead] = useState<InboxLead | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [note, setNote] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [reloads, setReloads] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let current = true;
    getLead(id)
      .then((found) => {
        if (!current) return;
        setLead(found);
        setError(undefined);
      })
      .catch((e: unknown) => current && setError(inWords(e)));
    return () => {
      current = false;
    };
  }, [id, reloads]);

  // The heading takes focus when the lead opens, so a keyboard or screen reader starts at it.
  const shown = Boolean(lead);
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  const act = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      setNote(done);
      setReloads((n) => n + 1);
    } catch (e) {
      setError(inWords(e));
      setReloads((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const back = (
    <button type="button" className="leads-back" onClick={() => onBack()}>
      ← Back to the list
    </button>
  );
  if (!lead)
    return (
      <>
        {back}
        <h1>Lead</h1>
        {error ? (
          <p role="alert" className="leads-error">
            {error}
          </p>
        ) : (
          <p role="status">Loading the lead…</p>
        )}
      </>
    );

  const fields = fieldsOf(forms, lead);
  const person = personOf(forms, lead);
  const who = [
    person.email ? `the e-mail address ${person.email}` : "",
    person.phone ? `the phone number ${person.phone}` : "",
  ]
    .filter(Boolean)
    .join(" or ");
  const attribution = Object.entries(lead.attribution ?? {}).filter(([, value]) => value);
  const confirmErase = async () => {
    dialog.current?.close();
    setBusy(true);
    setError(undefined);
    try {
      const erased = await erase(person);
      onBack(`Erased ${erased} ${erased === 1 ? "lead" : "leads"} of that person, with their deliveries.`);
    } catch (e) {
      setBusy(false);
      setError(inWords(e));
    }
  };

  return (
    <>
      {back}
      <h1 ref={heading} tabIndex={-1}>
        {fields[0]?.value ?? "Lead"}: {formTitle(forms, lead.form)}
      </h1>
      <p>Sent {when(lead.created_at)}.</p>
      {lead.spam ? (
        <p className="leads-held">
          <strong>Held as spam, not delivered:</strong> {whyHeld(lead.spam)}.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="leads-error">
          {error}
        </p>
      ) : null}
      <p role="status">{note ?? ""}</p>
      <div className="leads-buttons">
        {lead.spam ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void act(() => release(lead.id), "Released: it is being delivered.")}
          >
            Not spam: deliver it
          </button>
        ) : (
          <button
            type="button"
            disabled={busy}
            onClick={() => void act(() => markSpam(lead.id), "Marked as spam: deliveries not made yet are dropped.")}
          >
            Mark as spam
          </button>
        )}
        <button
          type="button"
          className="leads-danger"
          disabled={busy || !who}
          onClick={() => {
            dialog.current?.showModal();
            // The safe choice first: Enter at once does not erase anyone.
            cancel.current?.focus();
          }}
        >
          Erase this person
        </button>
      </div>

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

      <dialog ref={dialog} className="leads-dialog" aria-labelledby="leads-erase-title">
        <h2 id="leads-erase-title">Erase this person?</h2>
        <p>
          This removes every lead with {who}, from every form, and their deliveries not made yet. It cannot be undone.
        </p>
        <p>A note is kept that you erased leads, when, and how many: nothing about whom.</p>
        <div className="leads-buttons">
          <button type="button" className="leads-danger" onClick={() => void confirmErase()}>
            Erase
          </button>
          <button type="button" ref={cancel} onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </>
  );
}
