import { useId, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import type { Form } from "../../schemas";
import { Heading } from "./Heading";
import { Markdown } from "./Markdown";

/**
 * A form described in content. The browser validates it (required, type="email", type="tel").
 * Submitting only navigates to the form's success page: nothing is sent or stored. The inputs have no
 * `name`, so even before scripts load a submission carries nothing into the URL.
 */
export function LeadForm({ form, level, context }: { form: Form; level: 2 | 3; context?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(form.success);
  };
  return (
    <form className="lead-form" action={form.success} method="get" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <Heading level={level} id={`${id}-title`} className="lead-form__title">
        {form.title}
      </Heading>
      {context && <p className="lead-form__context">{context}</p>}
      {form.intro && <Markdown html={form.intro} className="lead-form__intro" />}
      {form.fields.map((field) => (
        <div className="field" key={field.name}>
          <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
          <input
            id={`${id}-${field.name}`}
            type={field.type}
            autoComplete={field.autocomplete}
            required={field.required}
            placeholder={field.placeholder}
            {...(field.type === "tel" ? { inputMode: "tel" as const } : {})}
          />
        </div>
      ))}
      <button type="submit" className="button button--primary lead-form__submit">
        {form.submitLabel}
      </button>
      {form.note && <Markdown html={form.note} className="lead-form__note" />}
    </form>
  );
}
