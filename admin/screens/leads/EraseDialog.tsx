/** "Erase this person?": what goes (every lead with their e-mail address or phone number) and what is kept; Cancel first. */
import type { RefObject } from "react";

interface Props {
  /** "the e-mail address … or the phone number …". */
  who: string;
  dialog: RefObject<HTMLDialogElement | null>;
  /** Cancel, which takes the focus as the dialog opens: Enter at once erases no one. */
  cancel: RefObject<HTMLButtonElement | null>;
  erase(): void;
}

export function EraseDialog({ who, dialog, cancel, erase }: Props) {
  return (
    <dialog ref={dialog} className="leads-dialog" aria-labelledby="leads-erase-title">
      <h2 id="leads-erase-title">Erase this person?</h2>
      <p>
        This removes every lead with {who}, from every form, and their deliveries not made yet. It cannot be undone.
      </p>
      <p>A note is kept that you erased leads, when, and how many: nothing about whom.</p>
      <div className="leads-buttons">
        <button type="button" className="leads-danger" onClick={erase}>
          Erase
        </button>
        <button type="button" ref={cancel} onClick={() => dialog.current?.close()}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
