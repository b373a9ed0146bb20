/** What a lead form (LeadForm) says in its alert: the endpoint's refusal, or a failure with the phone number to call. */
import type { LeadStatus } from "./use-lead-post";

export function LeadFormAlert({
  status,
  failure,
  phone,
}: {
  status: LeadStatus;
  /** The form's failure text, "{phone}" where the number goes. */
  failure: string;
  phone: { e164: string; display: string };
}) {
  return (
    <div role="alert" className="lead-form__alert">
      {status.kind === "refused" && status.message}
      {status.kind === "failed" &&
        failure.split(/(\{phone\})/).map((part, index) =>
          part === "{phone}" ? (
            <a key={index} href={`tel:${phone.e164}`}>
              {phone.display}
            </a>
          ) : (
            part
          ),
        )}
    </div>
  );
}
