import type { Reference } from "../../schemas";
import { useForm } from "../content/ContentProvider";
import { useSubLevel } from "./Heading";
import { LeadForm } from "./LeadForm";

/** A content form in a raised panel, its title one level below the section's heading. */
export function FormPanel({ form }: { form: Reference<"forms"> }) {
  return (
    <div className="panel">
      <LeadForm formId={form.id} form={useForm(form)} level={useSubLevel()} />
    </div>
  );
}
