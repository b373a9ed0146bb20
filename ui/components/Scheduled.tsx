import { createContext, useContext, type CSSProperties, type ReactNode } from "react";
import { liveAt, shortWhen, timeAt, windowNote } from "../../schemas/when";

/*
 * Scheduled content (publishDate, expiryDate) in the previews: `npm run dev` and /admin/'s preview
 * keep what is outside its window, as they keep drafts, and these mark it, in words, at the
 * preview's time ("Scheduled: shows from Fri Nov 27, 00:00", "Ended: …", "Shows until …").
 * The preview's time is BUILD_TIME, else now, or a time chosen for the preview (`?at=` on the dev
 * server, the control at the foot of /admin/'s preview), read as the build reads BUILD_TIME (when.ts). The
 * built site leaves such content out (scripts/content/stages/schedule.ts) and provides no time: in
 * its build's mode is "production" (that of the development server, `npm run cms`'s included, is
 * "development", /admin/'s build's "admin"), so these render nothing and their bodies are dropped
 * from its bundle.
 */

/** The time a preview shows the site at, and the site's zone; `chosen` as written when one was chosen, `problem` when it could not be read. */
export interface PreviewClock {
  now: number;
  zone?: string;
  chosen?: string;
  problem?: string;
}

const PreviewTimeContext = createContext<PreviewClock | null>(null);

/** Gives the pages below it the preview's time; without one (the built site) nothing is marked. */
export function PreviewTime({ clock, children }: { clock: PreviewClock; children: ReactNode }) {
  return <PreviewTimeContext value={clock}>{children}</PreviewTimeContext>;
}

/**
 * The preview's time: `chosen` (e.g. "2026-11-27T00:00", a time in the site's zone, or with its own
 * zone) when given and readable, else BUILD_TIME (which names its zone), else the clock.
 */
export function previewClock(
  chosen: string | undefined,
  zone: string | undefined,
  buildTime?: string,
  clock: () => number = Date.now,
): PreviewClock {
  const fallback = timeAt(buildTime, undefined, clock);
  const base = typeof fallback === "number" ? fallback : clock();
  if (!chosen?.trim()) return { now: base, zone };
  const at = timeAt(chosen, zone, clock);
  return typeof at === "number" ? { now: at, zone, chosen } : { now: base, zone, chosen, problem: at };
}

/**
 * At a time chosen for the preview, whether an item (a section, an entry) is shown then; undefined
 * when everything is kept (no time chosen, or the built site). At a chosen time the preview is the
 * site as it will look: what the build at that time leaves out is left out, so lists, and what they
 * count, are that time's (the renderers' hooks and the page's sections ask this). Chosen once, by
 * the build: the built site's is the hook that keeps everything, and its bundle drops the other.
 */
export const useShownAt: () => ((item: unknown) => boolean) | undefined =
  import.meta.env.MODE !== "production" ? useShownAtChosenTime : () => undefined;

function useShownAtChosenTime(): ((item: unknown) => boolean) | undefined {
  const clock = useContext(PreviewTimeContext);
  if (!clock?.chosen || clock.problem) return undefined;
  return (item) => liveAt(item, clock.now, clock.zone);
}

const noteStyle = (state: "scheduled" | "ended" | "until"): CSSProperties => ({
  display: "inline-block",
  margin: "0 0 0.75rem",
  padding: "0.125rem 0.5rem",
  border: `2px ${state === "until" ? "solid" : "dashed"} #1e40af`,
  borderRadius: "4px",
  background: "#dbeafe",
  color: "#1e3a8a",
  font: "600 0.875rem/1.5 system-ui, sans-serif",
});

/** A page's, section's or entry's window at the preview's time, in words; nothing when it is simply shown. */
export function ScheduleMark({ item, noun }: { item: unknown; noun?: "page" | "section" }) {
  // Only in the previews: the dev server (DEV) and /admin/ (its own build, in mode "admin").
  if (import.meta.env.MODE === "production") return null;
  return <Mark item={item} noun={noun} />;
}

function Mark({ item, noun }: { item: unknown; noun?: "page" | "section" }) {
  const clock = useContext(PreviewTimeContext);
  const note = clock && windowNote(item, clock.now, clock.zone, noun);
  if (!note) return null;
  return (
    <p role="note" className="schedule-mark" data-state={note.state} style={noteStyle(note.state)}>
      {note.text}
    </p>
  );
}

/** Above the page, when a time was chosen for the preview: which, or why it could not be read. */
export function PreviewTimeNote() {
  if (import.meta.env.MODE === "production") return null;
  return <ChosenTime />;
}

function ChosenTime() {
  const clock = useContext(PreviewTimeContext);
  if (!clock?.chosen) return null;
  const text = clock.problem
    ? `The preview's time "${clock.chosen}" cannot be read (${clock.problem}): the site is shown as it is now.`
    : `The site as it will look on ${shortWhen(clock.now, clock.zone)}: what is not shown then is left out.`;
  return (
    <p role="status" className="preview-time" style={{ ...noteStyle("until"), display: "block" }}>
      {text}
    </p>
  );
}
