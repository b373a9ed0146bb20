import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { Form } from "../../schemas";
import { fieldMaxLength, honeypotField, leadsEndpoint, phonePattern } from "../../schemas/lead-limits.ts";
import { trackBeforeLeaving } from "../analytics";
import { withBase } from "../base";
import { go, useNavigation } from "../navigation";
import { visitFields } from "../visit";
import { Heading } from "./Heading";
import { Markdown } from "./Markdown";

type Status =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "refused"; message: string; fields: Record<string, string> }
  | { kind: "failed" };

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
// eslint-disable-next-line max-lines-per-function -- one form's state and its markup; to be split into its fields' components and a hook for the sending
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
  const navigate = useNavigation();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const formRef = useRef<HTMLFormElement>(null);
  /** When the visitor first focused or typed in the form; null when that was before the script ran. */
  const began = useRef<number | null | undefined>(undefined);
  const key = useRef("");
  /** A post under way or answered: a second submit (a double click) sends nothing. */
  const sending = useRef(false);
  useEffect(() => {
    key.current = crypto.randomUUID();
    // A visitor who started before hydration (focus inside, something typed or filled): since the
    // island was reached for, when the loader saw it; otherwise unknown.
    const element = formRef.current;
    const touched =
      element &&
      (element.contains(document.activeElement) ||
        [...element.querySelectorAll<HTMLInputElement>("input:not([type=hidden])")].some((input) => input.value));
    if (touched) began.current = reachedAt ?? null;
  }, [reachedAt]);
  const begin = () => {
    if (began.current === undefined) began.current = performance.now();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    const element = event.currentTarget;
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(element)) body.append(name, String(value));
    body.set("key", key.current);
    if (typeof began.current === "number") body.set("elapsed", String(Math.round(performance.now() - began.current)));
    // Where the visit came from (ui/visit.ts): in the post's body only, never in analytics or a URL.
    for (const [name, value] of visitFields()) body.set(name, value);
    setStatus({ kind: "sending" });
    try {
      const response = await fetch(withBase(leadsEndpoint), {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
        credentials: "same-origin",
        redirect: "manual",
      });
      // The endpoint answers 303 only once the lead is stored. The form stays sending until the page
      // is left, which waits for a Tag Manager container's tags (at most tagsWaitMs).
      if (response.type === "opaqueredirect" || response.status === 303) {
        trackBeforeLeaving({ event: "generate_lead", formId, ...(choice ? { choice } : {}) }, () =>
          go(navigate, form.success),
        );
        return;
      }
      sending.current = false;
      if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
        const answer = (await response.json()) as { error?: string; fields?: Record<string, string> };
        setStatus({ kind: "refused", message: answer.error ?? "", fields: answer.fields ?? {} });
        const first = form.fields.find((field) => answer.fields?.[field.name]);
        if (first) element.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus();
        return;
      }
      setStatus({ kind: "failed" });
    } catch {
      sending.current = false;
      setStatus({ kind: "failed" });
    }
  };

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
      {form.fields.map((field) => {
        const error = errors[field.name];
        return (
          <div className="field" key={field.name}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autocomplete}
              required={field.required}
              placeholder={field.placeholder}
              maxLength={fieldMaxLength[field.type]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-${field.name}-error` : undefined}
              {...(field.type === "tel" ? { inputMode: "tel" as const, pattern: phonePattern } : {})}
            />
            {error && (
              <p className="field__error" id={`${id}-${field.name}-error`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
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
      <div role="alert" className="lead-form__alert">
        {status.kind === "refused" && status.message}
        {status.kind === "failed" &&
          form.failure.split(/(\{phone\})/).map((part, index) =>
            part === "{phone}" ? (
              <a key={index} href={`tel:${phone.e164}`}>
                {phone.display}
              </a>
            ) : (
              part
            ),
          )}
      </div>
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
