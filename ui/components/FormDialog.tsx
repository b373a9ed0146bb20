import { useEffect, useId, useRef, type ReactNode } from "react";
import type { Reference } from "../../schemas";
import { useForm } from "../content/ContentProvider";
import { LeadForm } from "./LeadForm";

/** Whether this browser opens and closes dialogs from buttons itself (invoker commands, `commandfor`). */
const invokerCommands = () =>
  typeof HTMLButtonElement !== "undefined" && "commandForElement" in HTMLButtonElement.prototype;

/**
 * A button that opens a form in a modal `<dialog>`, one per choice (a service, a plan), so the choice
 * travels with the form as a hidden field. The browser opens and closes it by itself, before and
 * without scripts (`command="show-modal"` / `commandfor`, `closedby="any"`); where it cannot, the
 * app does. showModal() keeps Tab inside and makes the page behind inert; Escape, the Close button
 * and a click on the backdrop close it, and focus returns to the button that opened it.
 */
export function FormDialogButton({
  form: formReference,
  choice,
  context,
  className,
  label,
  children,
}: {
  form: Reference<"forms">;
  /** The choice's name, sent with the lead. */
  choice: string;
  /** What titles the popup (the choice, perhaps with a price). */
  context: string;
  className: string;
  /** The button's accessible name. */
  label: string;
  children: ReactNode;
}) {
  const form = useForm(formReference);
  const id = useId();
  const dialogId = `${id}-dialog`;
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Older browsers without closedby="any": a click on the backdrop (the dialog element itself,
    // outside its panel) closes it.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog.close();
    };
    // Opened, the first box takes the focus; closed, the focus goes back to the button. The toggle
    // event comes a moment after the dialog opens: a visitor (or a password manager) already typing
    // in one of its boxes keeps the focus there, so nothing typed lands in another box.
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== "open") return;
      if (dialog.querySelector("input:focus, textarea:focus, select:focus")) return;
      dialog.querySelector<HTMLInputElement>("input:not([type=hidden]):not([tabindex='-1'])")?.focus();
    };
    const onClose = () => {
      if (!dialog.contains(document.activeElement) && document.activeElement !== document.body) return;
      opener.current?.focus();
    };
    dialog.addEventListener("click", onClick);
    dialog.addEventListener("toggle", onToggle);
    dialog.addEventListener("close", onClose);
    return () => {
      dialog.removeEventListener("click", onClick);
      dialog.removeEventListener("toggle", onToggle);
      dialog.removeEventListener("close", onClose);
    };
  }, []);

  // The attributes React does not know yet, passed through as written.
  const invoke = (command: "show-modal" | "close") => ({ command, commandfor: dialogId });
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-label={label}
        {...invoke("show-modal")}
        onClick={() => {
          if (invokerCommands()) return;
          ref.current?.showModal();
          ref.current?.querySelector<HTMLInputElement>("input:not([type=hidden]):not([tabindex='-1'])")?.focus();
        }}
      >
        {children}
      </button>
      <dialog ref={ref} id={dialogId} className="dialog" aria-label={form.title} {...{ closedby: "any" }}>
        <div className="dialog__panel">
          <button
            type="button"
            className="dialog__close button button--ghost"
            {...invoke("close")}
            onClick={() => {
              if (!invokerCommands()) ref.current?.close();
            }}
          >
            {form.closeLabel}
          </button>
          <LeadForm formId={formReference.id} form={form} level={2} context={context} choice={choice} />
        </div>
      </dialog>
    </>
  );
}
