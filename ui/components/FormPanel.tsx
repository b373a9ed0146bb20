import { useLocation } from "react-router-dom";
import type { Reference } from "../../schemas";
import { useForm, useSite } from "../content/ContentProvider";
import { Island } from "../islands/Island";
import { useSubLevel } from "./Heading";
import { LeadForm } from "./LeadForm";

/** A content form in a raised panel, its title one level below the section's heading. */
export function FormPanel({ form }: { form: Reference<"forms"> }) {
  return (
    <div className="panel">
      <Island name="lead-form" component={LeadForm} props={useLeadFormProps(form, useSubLevel())} />
    </div>
  );
}

/** What a lead form island is given: the form's content, the page, the phone number; plain data. */
export function useLeadFormProps(reference: Reference<"forms">, level: 2 | 3) {
  const { phone } = useSite().contact;
  return {
    formId: reference.id,
    form: useForm(reference),
    level,
    page: useLocation().pathname,
    phone: { e164: phone.e164, display: phone.display },
  };
}
