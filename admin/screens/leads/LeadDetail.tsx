/**
 * One lead on the Leads screen: what was sent, where it came from and its deliveries (LeadFacts.tsx),
 * why it was held, and what marketing can do: "Not spam: deliver it", "Mark as spam", "Erase this
 * person" (a confirmation that says what goes, EraseDialog.tsx). Its state: useLead.ts.
 */
import { useRef } from "react";
import type { InboxLead } from "../../../schemas/index.ts";
import { markSpam, release } from "./api.ts";
import { EraseDialog } from "./EraseDialog.tsx";
import { LeadFacts } from "./LeadFacts.tsx";
import { useLead } from "./useLead.ts";
import { fieldsOf, formTitle, personInWords, personOf, when, whyHeld, type Forms } from "./words.ts";

interface Props {
  id: string;
  forms: Forms;
  /** Back to the list, saying what was done (a person erased). */
  onBack: (message?: string) => void;
}

/** "Not spam: deliver it" or "Mark as spam", and "Erase this person" (when the lead names one). */
function LeadActions({ lead, busy, act, erase }: ActionsProps) {
  return (
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
      <button type="button" className="leads-danger" disabled={busy || !erase} onClick={erase}>
        Erase this person
      </button>
    </div>
  );
}
interface ActionsProps {
  lead: InboxLead;
  busy: boolean;
  act(action: () => Promise<void>, done: string): Promise<void>;
  /** Asks to erase the person the lead names; undefined when it names none. */
  erase: (() => void) | undefined;
}

export function LeadDetail({ id, forms, onBack }: Props) {
  const { lead, error, note, busy, heading, act, erasePerson } = useLead(id, onBack);
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const back = (
    <button type="button" className="leads-back" onClick={() => onBack()}>
      ← Back to the list
    </button>
  );
  const alert = error ? (
    <p role="alert" className="admin-error">
      {error}
    </p>
  ) : null;
  if (!lead)
    return (
      <>
        {back}
        <h1>Lead</h1>
        {alert ?? <p role="status">Loading the lead…</p>}
      </>
    );

  const fields = fieldsOf(forms, lead);
  const person = personOf(forms, lead);
  const who = personInWords(person);
  const confirmErase = () => {
    dialog.current?.close();
    void erasePerson(person);
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
      {alert}
      <p role="status">{note ?? ""}</p>
      <LeadActions
        lead={lead}
        busy={busy}
        act={act}
        erase={
          who
            ? () => {
                dialog.current?.showModal();
                // The safe choice first: Enter at once does not erase anyone.
                cancel.current?.focus();
              }
            : undefined
        }
      />
      <LeadFacts lead={lead} fields={fields} />
      <EraseDialog who={who} dialog={dialog} cancel={cancel} erase={confirmErase} />
    </>
  );
}
