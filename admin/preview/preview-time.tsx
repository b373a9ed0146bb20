/**
 * /admin/'s preview at a chosen time: a control at the foot of the preview, kept in view ("Show the
 * site as on"), and the time it gives the site's renderers (ui/components/Scheduled.tsx), read as the build reads
 * BUILD_TIME (a time in the site's zone). What is outside its window then is marked in the preview;
 * left empty, the preview's time is now (BUILD_TIME on the dev server, when set). The choice holds
 * while /admin/ is open, across entries. It comes after the page in the preview, so Tab reaches the
 * page's texts first (edit on the page, admin/inspect/), then it.
 */
import { useId, useSyncExternalStore } from "react";
import { previewClock, type PreviewClock } from "../../ui/components/Scheduled";

let chosen = "";
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));
function choose(value: string) {
  chosen = value;
  for (const listener of listeners) listener();
}

/** The preview's time: the one chosen in the control, else BUILD_TIME or now. */
export function usePreviewClock(zone: string | undefined): PreviewClock {
  const value = useSyncExternalStore(subscribe, () => chosen);
  return previewClock(value || undefined, zone, import.meta.env.BUILD_TIME);
}

/** The control: a date and time in the site's zone, and "Now" to go back. */
export function ChosenTime({ zone }: { zone: string | undefined }) {
  const value = useSyncExternalStore(subscribe, () => chosen);
  const id = useId();
  return (
    <div
      style={{
        position: "sticky",
        bottom: 0,
        display: "flex",
        flexWrap: "wrap",
        gap: "0.5rem",
        alignItems: "center",
        padding: "0.5rem 1rem",
        borderTop: "1px solid #6b7280",
        background: "#ffffff",
        color: "#111827",
        font: "0.875rem/1.5 system-ui, sans-serif",
      }}
    >
      <label htmlFor={id}>Show the site as on{zone ? ` (${zone} time)` : " (UTC)"}</label>
      <input id={id} type="datetime-local" value={value} onChange={(event) => choose(event.currentTarget.value)} />
      {value && (
        <button type="button" onClick={() => choose("")}>
          Now
        </button>
      )}
    </div>
  );
}
