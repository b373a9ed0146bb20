import { useId } from "react";
import type { Form } from "../../schemas";
import { honeypotField, leadsEndpoint } from "../../schemas/lead-limits.ts";
import { withBase } from "../base";
import { Heading } from "./Heading";
import { LeadField } from "./LeadField";
import { LeadFormAlert } from "./LeadFormAlert";
import { Markdown } from "./Markdown";
import { useLeadPost } from "./use-lead-post";

/**
 * A form described in content, posted to the site's lead endpoint. Without scripts the browser posts
 * it and follows the endpoint's 303 to the success page. With scripts the same request goes by
 * `fetch` (with an idempotency key and the time the visitor took from first touching the form: its
 * first focus or input; not sent when the visitor began before the page's script ran), and goes to the
 * success page only once the endpoint answered that it stored the lead, and once a Tag Manager
 * container's tags fired for `generate_lead` (ui/analytics.ts); a second submit meanwhile sends
 * nothing. A refusal is shown on the
 * form, field by field, and a failure keeps what was typed and offers the phone number.
 * `choice` (a service, a plan) travels with the lead as a hidden field; where the visit came from
 * (ui/visit.ts) is added to the scripted post.
 * On the live site it is an island (ui/islands/): its props are all it reads, plain data, so the
 * build can write them on its marker; it takes no content or router context.
 */
export function LeadForm({
  formId,
  form,
  level,
  context,
  choice,
  page,
  phone,
  reachedAt,
}: {
  formId: string;
  form: Form;
  level: 2 | 3;
  /** What the visitor chose, shown above the form (a plan with its price). */
  context?: string;
  /** The name of that choice, sent with the lead. */
  choice?: string;
  /** The route of the page the form is on, sent with the lead. */
  page: string;
  /** The site's phone number, offered when sending fails. */
  phone: { e164: string; display: string };
  /** As an island: when the visitor first reached for the form, before it was hydrated (performance.now()). */
  reachedAt?: number;
}) {
  const id = useId();
  const { status, formRef, begin, onSubmit } = useLeadPost({ formId, form, choice, reachedAt });

  const errors = status.kind === "refused" ? status.fields : {};
  return (
    <form
      className="lead-form"
      action={withBase(leadsEndpoint)}
      method="post"
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={begin}
      onInput={begin}
      aria-labelledby={`${id}-title`}
      aria-busy={status.kind === "sending"}
    >
      <Heading level={level} id={`${id}-title`} className="lead-form__title">
        {form.title}
      </Heading>
      {context && <p className="lead-form__context">{context}</p>}
      {form.intro && <Markdown html={form.intro} className="lead-form__intro" />}
      <input type="hidden" name="form" value={formId} />
      <input type="hidden" name="page" value={page} />
      {choice && <input type="hidden" name="choice" value={choice} />}
      {form.fields.map((field) => (
        <LeadField key={field.name} id={`${id}-${field.name}`} field={field} error={errors[field.name]} />
      ))}
      {/* A trap for robots: people never see it (nor do screen readers, nor the keyboard), and its
          name, id and label match nothing autofill or a password manager fills; a filled one marks spam. */}
      <div className="lead-form__trap" aria-hidden="true">
        <label htmlFor={`${id}-${honeypotField}`}>Leave this empty</label>
        <input
          id={`${id}-${honeypotField}`}
          name={honeypotField}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {form.consent && (
        <p className="lead-form__consent" id={`${id}-consent`}>
          {form.consent}
        </p>
      )}
      <LeadFormAlert status={status} failure={form.failure} phone={phone} />
      <button
        type="submit"
        className="button button--primary lead-form__submit"
        aria-describedby={form.consent ? `${id}-consent` : undefined}
        disabled={status.kind === "sending"}
      >
        {form.submitLabel}
      </button>
      {form.note && <Markdown html={form.note} className="lead-form__note" />}
    </form>
  );
}
