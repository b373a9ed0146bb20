/**
 * "What changes when you publish" (issue 46, item 6): the draft in the editor against the entry's
 * file as it is live, in the history's words (to-publish.ts, ChangeWords.tsx). Over the editor
 * (`place="editor"`, register.tsx) it is a region of its own, there only while publishing would
 * change something, its list folded away by a button, and a short summary said politely when it
 * changes; in the History panel (`place="panel"`) it is the panel's first part, saying "Nothing" too.
 * The draft is compared once the marketer pauses (useSettled.ts), the live file read again after each
 * publish (a save in `npm run cms`, where there is no review).
 */
import { useEffect, useId, useMemo, useState, useSyncExternalStore } from "react";
import type { Field } from "../../editor/labels.ts";
import { ChangeItems } from "./ChangeWords.tsx";
import type { TitleOf } from "../diff/changes.ts";
import { liveFailed, liveOf, summaryOf, toPublish, type Live } from "./to-publish.ts";
import { useSettled } from "./useSettled.ts";
import type { EntryData } from "./version-data.ts";

/** How long a pause in typing is before the changes are said again. */
const settleMs = 300;

export interface PublishChangesProps {
  /** The entry's file in the repository ("content/collections/plans/professional.yaml"). */
  path: string;
  /** Its fields as the editor shows them. */
  fields: readonly Field[];
  /** The draft's data now, and a way to hear of its changes. */
  draft: () => EntryData | undefined;
  onDraftChange: (listener: () => void) => () => void;
  /** The entry's file as it is live now (its text). */
  live: () => Promise<string | undefined>;
  /** How many publishes so far: the live version is read again after each. */
  publishes: number;
  titleOf: TitleOf;
  place: "editor" | "panel";
}

export function PublishChanges({
  path,
  fields,
  draft,
  onDraftChange,
  live,
  publishes,
  titleOf,
  place,
}: PublishChangesProps) {
  const headingId = useId();
  const listId = useId();
  const [open, setOpen] = useState(true);
  const data = useSettled(useSyncExternalStore(onDraftChange, draft), settleMs);
  const [liveData, setLive] = useState<Live>();
  useEffect(() => {
    let on = true;
    live().then(
      (text) => on && setLive(liveOf(path, text)),
      (error: unknown) => on && setLive(liveFailed(error)),
    );
    return () => void (on = false);
    // `live` is made anew with each render: read again after a publish, not on each render.
  }, [publishes, path]);
  const state = useMemo(() => toPublish(fields, liveData, data, titleOf), [fields, liveData, data, titleOf]);
  const words =
    state.kind === "reading" ? (
      <p>Reading the live version…</p>
    ) : state.kind === "unreadable" ? (
      <p className="admin-error">{state.error}</p>
    ) : (
      <ChangeItems
        changes={state.kind === "changes" ? state.changes : []}
        none="Nothing: the editor holds the live version."
      />
    );

  if (place === "panel")
    return (
      <section aria-labelledby={headingId} className="history-part">
        <h3 id={headingId}>What changes when you publish</h3>
        {words}
      </section>
    );
  return (
    <>
      <p role="status" className="admin-hidden">
        {summaryOf(state)}
      </p>
      {state.kind === "changes" || state.kind === "unreadable" ? (
        <section aria-labelledby={headingId} className="publish-changes admin-own">
          <div className="publish-changes-top">
            <h2 id={headingId}>What changes when you publish</h2>
            <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
              {open ? "Hide" : "Show"}
              <span className="admin-hidden"> the changes</span>
            </button>
          </div>
          <div id={listId} hidden={!open}>
            {words}
          </div>
        </section>
      ) : null}
    </>
  );
}
