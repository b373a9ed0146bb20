import { useEffect, useRef, useState } from "react";
import type { Form } from "../../schemas";
import { LeadForm } from "./LeadForm";

/**
 * A form in a modal `<dialog>`: showModal() moves focus in, keeps Tab inside and makes the page
 * behind inert; Escape and the Close button close it, and focus returns to the button that opened it.
 */
export function FormDialog({
  form,
  context,
  opener,
  onClose,
}: {
  form: Form;
  /** What the visitor chose (a service, a plan), shown above the form; null when closed. */
  context: string | null;
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const open = context !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // A click on the backdrop (the dialog element itself, outside its panel) closes it; keyboard
    // users have Escape and the Close button.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog.close();
    };
    dialog.addEventListener("click", onClick);
    return () => dialog.removeEventListener("click", onClick);
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector("input")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-label={form.title}
      onClose={() => {
        onClose();
        opener?.focus();
      }}
    >
      <div className="dialog__panel">
        <button type="button" className="dialog__close button button--ghost" onClick={() => ref.current?.close()}>
          {form.closeLabel}
        </button>
        {open && <LeadForm form={form} level={2} context={context} />}
      </div>
    </dialog>
  );
}

/**
 * A popup for `form`, opened by buttons that each stand for a choice (a service, a plan): the
 * button's choice titles the popup, and pressing the same button again closes it.
 */
export function useFormDialog(form: Form) {
  const [chosen, setChosen] = useState<{ context: string; opener: HTMLElement } | null>(null);
  const toggle = (context: string, opener: HTMLElement) =>
    setChosen((current) => (current?.context === context ? null : { context, opener }));
  const dialog = (
    <FormDialog
      form={form}
      context={chosen?.context ?? null}
      opener={chosen?.opener ?? null}
      onClose={() => setChosen(null)}
    />
  );
  return { toggle, dialog };
}
