/**
 * /admin/'s preview at a chosen time: a control above the preview ("Show the site as on"), and the
 * time it gives the site's renderers (ui/components/Scheduled.tsx), read as the build reads
 * BUILD_TIME (a time in the site's zone). What is outside its window then is marked in the preview;
 * left empty, the preview's time is now (BUILD_TIME on the dev server, when set). The choice holds
 * while /admin/ is open, across entries.
 */
import { useId, useSyncExternalStore, type ReactNode } from "react";
import { PreviewTime, previewClock } from "../ui/components/Scheduled";

let chosen = "";
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener));
function choose(value: string) {
  chosen = value;
  for (const listener of listeners) listener();
}

/** The preview's content at the chosen time, with the control to choose it above. */
export function AtChosenTime({ zone, children }: { zone: string | undefined; children: ReactNode }) {
  const value = useSyncExternalStore(subscribe, () => chosen);
  const id = useId();
  const clock = previewClock(value || undefined, zone, import.meta.env.BUILD_TIME);
  return (
    <>
      <div
        className="container"
        style={{
          display: "flex",
          flexWrap: "wrap",
          gap: "0.5rem",
          alignItems: "center",
          padding: "0.5rem 1rem",
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
      <PreviewTime clock={clock}>{children}</PreviewTime>
    </>
  );
}
