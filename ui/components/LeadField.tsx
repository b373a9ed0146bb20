/** One field of a lead form (LeadForm): its label, its input with the browser's limits, and the endpoint's refusal of it. */
import type { Form } from "../../schemas";
import { fieldMaxLength, phonePattern } from "../../schemas/lead-limits.ts";

export function LeadField({ id, field, error }: { id: string; field: Form["fields"][number]; error?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{field.label}</label>
      <input
        id={id}
        name={field.name}
        type={field.type}
        autoComplete={field.autocomplete}
        required={field.required}
        placeholder={field.placeholder}
        maxLength={fieldMaxLength[field.type]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...(field.type === "tel" ? { inputMode: "tel" as const, pattern: phonePattern } : {})}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
