/** A screen's list could not be read: what went wrong, in words, and "Try again" (the Leads and Recent changes screens). */
import "./screen-text.css";

export function RetryAlert({ error, retry }: { error: string; retry: () => void }) {
  return (
    <div role="alert" className="admin-error">
      <p>{error}</p>
      <button type="button" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
