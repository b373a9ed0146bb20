/**
 * The scripted post of a lead form (LeadForm): its status, when the visitor began, the idempotency
 * key, and the submit that sends the form to the lead endpoint and goes to the success page once the
 * lead is stored (a second submit meanwhile sends nothing).
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { Form } from "../../schemas";
import { leadsEndpoint } from "../../schemas/lead-limits.ts";
import { trackBeforeLeaving } from "../analytics";
import { withBase } from "../base";
import { go, useNavigation } from "../navigation";
import { currentState, gpc } from "../consent/state";
import { visitFields } from "../visit";

export type LeadStatus =
  | { kind: "idle" }
  | { kind: "sending" }
  | { kind: "refused"; message: string; fields: Record<string, string> }
  | { kind: "failed" };

export function useLeadPost({
  formId,
  form,
  choice,
  reachedAt,
}: {
  formId: string;
  form: Form;
  choice?: string;
  reachedAt?: number;
}) {
  const navigate = useNavigation();
  const [status, setStatus] = useState<LeadStatus>({ kind: "idle" });
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
    // The consent state it is sent under (server/leads/ad-consent.ts), for a CRM or ads upload to respect.
    body.set("ad_user_data", currentState().ad_user_data);
    if (gpc()) body.set("gpc", "1");
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
  return { status, formRef, begin, onSubmit };
}
