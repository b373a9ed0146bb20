import { useId, type ReactNode } from "react";
import type { Reference } from "../../schemas";
import { Island } from "../islands/Island";
import { useLeadFormProps } from "./FormPanel";
import { LeadForm } from "./LeadForm";

/**
 * A button that opens a form in a modal `<dialog>`, one per choice (a service, a plan), so the choice
 * travels with the form as a hidden field. The browser opens and closes it by itself, before and
 * without scripts (`command="show-modal"` / `commandfor`, `closedby="any"`); showModal() keeps Tab
 * inside and makes the page behind inert; Escape, the Close button and a click on the backdrop close
 * it. Where the browser lacks invoker commands, and for the focus (first box on opening, back to the
 * button on closing), ui/page-behaviours.ts does it; the form inside is an island, hydrated when
 * the popup opens.
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
  const props = { ...useLeadFormProps(formReference, 2), context, choice };
  const dialogId = `${useId()}-dialog`;
  // The attributes React does not know yet, passed through as written.
  const invoke = (command: "show-modal" | "close") => ({ command, commandfor: dialogId });
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" aria-label={label} {...invoke("show-modal")}>
        {children}
      </button>
      <dialog id={dialogId} className="dialog" aria-label={props.form.title} {...{ closedby: "any" }}>
        <div className="dialog__panel">
          <button type="button" className="dialog__close button button--ghost" {...invoke("close")}>
            {props.form.closeLabel}
          </button>
          <Island name="lead-form" component={LeadForm} props={props} />
        </div>
      </dialog>
    </>
  );
}
