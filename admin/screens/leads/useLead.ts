/**
 * One lead on the Leads screen, at work: read when it opens and again after each action; "not spam"
 * and "spam" said in words once done (or why not); erasing a person, after which the list is shown
 * again with what was erased. The heading takes the focus once the lead shows.
 */
import { useEffect, useRef, useState } from "react";
import type { InboxLead } from "../../../schemas/index.ts";
import { erase, getLead, InboxError } from "./api.ts";

const inWords = (e: unknown) =>
  e instanceof InboxError ? e.message : "Something went wrong in this screen; reload the page.";

export function useLead(id: string, onBack: (message?: string) => void) {
  const [lead, setLead] = useState<InboxLead | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [note, setNote] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [reloads, setReloads] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

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

  /** Runs `action` on the lead, then reads it again; `done` says it was done. */
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

  /** Erases every lead of `person`, then goes back to the list, saying how many went. */
  const erasePerson = async (person: { email?: string; phone?: string }) => {
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

  return { lead, error, note, busy, heading, act, erasePerson };
}
