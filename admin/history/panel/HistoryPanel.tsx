/**
 * The entry's History (issue 46, items 1–4 and 6), beside Decap's editor: what publishing would
 * change now (PublishChanges.tsx, in its place over the editor while the panel is closed), then the
 * published versions of the entry's file, newest first, each with its date in the site's time zone,
 * its author, its message and what it changed, in words; a version's preview in the preview pane,
 * and "Restore this version", which puts its values in the editor as unsaved changes (nothing is
 * written: publishing does that, with the check before saving). A version today's rules refuse says what no longer fits.
 * A non-modal dialog: Escape or "Close" closes it and gives the focus back to the History button.
 */
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { HistorySource } from "../../../schemas/history.ts";
import type { StoredFile } from "../../editor/check.ts";
import type { Field } from "../../editor/labels.ts";
import { ChangeItems } from "./ChangeWords.tsx";
import type { TitleOf } from "../diff/changes.ts";
import { writtenTime } from "../dates.ts";
import { restoredData, withChanges, type ListedVersion } from "./entry-history.ts";
import { whatNoLongerFits } from "./refusals.ts";
import { liveFailed, liveOf, toPublish } from "./to-publish.ts";
import { PublishChanges } from "./PublishChanges.tsx";
import { useEntryHistory } from "./useEntryHistory.ts";
import type { EntryData } from "./version-data.ts";
import { onShownVersion, showVersion, shownVersion, type ShownVersion } from "./version-preview.ts";

/** The entry being edited, and what the panel needs of /admin/ (given by register.tsx). */
export interface HistoryEntry {
  collection: string;
  slug: string;
  /** Its file in the repository ("content/collections/plans/professional.yaml"). */
  path: string;
  /** The same inside content/ ("collections/plans/professional.yaml"), for the check. */
  rel: string;
  fields: readonly Field[];
}

export interface HistoryPanelProps {
  entry: HistoryEntry;
  source: () => HistorySource;
  config: { collections: unknown };
  /** How many publishes so far: the live version is read again after each. */
  publishes: number;
  timeZone: string | undefined;
  titleOf: TitleOf;
  /** The content files as last read, for the check of a version. */
  stored: () => readonly StoredFile[];
  /** The draft's data now, and a way to hear of its changes. */
  draft: () => EntryData | undefined;
  onDraftChange: (listener: () => void) => () => void;
  /** The entry's file as it is live now (its text). */
  live: () => Promise<string | undefined>;
  /** Puts data in the editor as unsaved changes, the fields then marked by the check. */
  restore: (data: EntryData) => void;
  onClose: () => void;
}

interface VersionProps {
  listed: ListedVersion;
  label: string;
  refusals: string[];
  shown: boolean;
  onPreview: () => void;
  onRestore: () => void;
  /** Set while the restore asks before it replaces edits not published: go on, or keep them. */
  asking?: { confirm: () => void; cancel: () => void };
}

/** Asks before a restore replaces the editor's edits: the first button has the focus; Escape keeps the edits. */
function ReplaceEdits({ confirm, cancel }: NonNullable<VersionProps["asking"]>) {
  const first = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => first.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={id}
      className="history-ask"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          cancel();
        }
      }}
    >
      <p id={id}>The editor holds edits that are not published. Restoring this version replaces them.</p>
      <div className="history-buttons">
        <button type="button" ref={first} onClick={confirm}>
          Replace my edits
        </button>
        <button type="button" onClick={cancel}>
          Keep my edits
        </button>
      </div>
    </div>
  );
}

function VersionItem({ listed, label, refusals, shown, onPreview, onRestore, asking }: VersionProps) {
  const headingId = useId();
  const { version, changes, first, data } = listed;
  const saves = version.saves;
  return (
    <li className="history-version" aria-labelledby={headingId}>
      <h4 id={headingId}>{label.replace(/^Version of /, "")}</h4>
      {version.message ? <p className="history-message">“{version.message}”</p> : null}
      {saves ? (
        <p>
          {saves.count === 1 ? "1 save" : `${saves.count} saves`} by {saves.authors.join(", ")} inside this publish.
        </p>
      ) : null}
      {data === undefined ? (
        <p>This version's file cannot be read.</p>
      ) : first ? (
        <p>The first version of this entry.</p>
      ) : (
        <ChangeItems changes={changes} none="No change to the entry's fields." />
      )}
      {refusals.length > 0 ? (
        <div className="admin-error">
          <p>
            Today's rules refuse this version: a restore marks these fields, and it cannot be published until they fit.
          </p>
          <ul>
            {refusals.map((words) => (
              <li key={words}>{words}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {data !== undefined ? (
        <div className="history-buttons">
          <button type="button" aria-pressed={shown} onClick={onPreview}>
            {shown ? "Previewed" : "Preview"}
            <span className="admin-hidden"> the version of {label.replace(/^Version of /, "")}</span>
          </button>
          <button type="button" onClick={onRestore}>
            Restore this version
            <span className="admin-hidden"> of {label.replace(/^Version of /, "")}</span>
          </button>
        </div>
      ) : null}
      {asking ? <ReplaceEdits {...asking} /> : null}
    </li>
  );
}

/** "version of Nov 2, 2026, 9:30 AM by Maria", inside a sentence. */
const inSentence = (label: string) => label.replace(/^V/, "v");

/** Today's rules' refusals of each version read: checked once per text (a version and the one that reverted it are alike), among the content as last read. */
function useRefusals(read: ReturnType<typeof useEntryHistory>["read"], { config, entry, stored }: HistoryPanelProps) {
  return useMemo(() => {
    const byText = new Map<string, string[]>();
    const others = stored();
    const of = (text: string) =>
      byText.get(text) ?? byText.set(text, whatNoLongerFits(config, entry, text, others)).get(text)!;
    return new Map(read.map((r) => [r.version.sha, r.text === undefined ? [] : of(r.text)]));
  }, [read, config, entry, stored]);
}

/** Whether the editor holds edits the live version has not (they would be lost to a restore). */
const unpublishedEdits = async ({ entry, live }: HistoryPanelProps, draft: EntryData) =>
  toPublish(entry.fields, await live().then((text) => liveOf(entry.path, text), liveFailed), draft).kind !== "nothing";

/** What a restore says: which version is in the editor, not published, and the fields today's rules refuse. */
function restoredSaying(label: string, refused: number) {
  const then = refused
    ? ` Today's rules refuse ${refused === 1 ? "one of its fields" : `${refused} of its fields`}, marked in the editor: fix them before publishing.`
    : " Publish to make it live.";
  return `Restored the ${inSentence(label)} into the editor, not published yet.${then}`;
}

/** The button that gives the editor back the edits a restore replaced. */
function UndoRestore({ onUndo }: { onUndo: () => void }) {
  return (
    <button type="button" onClick={onUndo}>
      Undo the restore
    </button>
  );
}

/** While the history is read, it says so; after, older versions when there are more. */
function OlderVersions({ history }: { history: ReturnType<typeof useEntryHistory> }) {
  return (
    <>
      {history.loading ? <p>Reading the history…</p> : null}
      {history.cursor && !history.loading ? (
        <button type="button" onClick={history.showOlder}>
          Show older versions
        </button>
      ) : null}
    </>
  );
}

/** The published versions, newest first, each with its preview and its restore. */
function Versions({
  props,
  say,
  shown,
}: {
  props: HistoryPanelProps;
  say: (words: string) => void;
  shown?: ShownVersion;
}) {
  const { entry, source, timeZone, titleOf, restore } = props;
  const history = useEntryHistory(source, entry.path);
  const listed = useMemo(
    () => withChanges(entry.fields, history.read, history.older, titleOf),
    [entry.fields, history.read, history.older, titleOf],
  );
  const labelOf = (l: ListedVersion) => `Version of ${writtenTime(l.version.date, timeZone)} by ${l.version.author}`;
  const refusals = useRefusals(history.read, props);
  const preview = (l: ListedVersion) => {
    if (shown?.sha === l.version.sha) return showVersion(undefined);
    const label = labelOf(l);
    showVersion({ collection: entry.collection, slug: entry.slug, sha: l.version.sha, data: l.data!, label });
    say(`The preview shows the ${inSentence(label)}.`);
  };
  const [asking, setAsking] = useState<string | undefined>();
  const [undo, setUndo] = useState<EntryData | undefined>();
  const askThenRestore = async (l: ListedVersion) => {
    const draft = props.draft();
    if (!draft || !l.data) return;
    if (await unpublishedEdits(props, draft)) setAsking(l.version.sha);
    else restoreOne(l);
  };
  const restoreOne = (l: ListedVersion) => {
    const draft = props.draft();
    setAsking(undefined);
    if (!draft || !l.data) return;
    showVersion(undefined);
    setUndo(draft);
    restore(restoredData(draft, l.data));
    say(restoredSaying(labelOf(l), refusals.get(l.version.sha)?.length ?? 0));
  };
  return (
    <section aria-labelledby="history-versions" className="history-part">
      <h3 id="history-versions">Published versions</h3>
      {undo ? (
        <UndoRestore
          onUndo={() => {
            restore(undo);
            setUndo(undefined);
            say("The restore is undone: the editor holds your edits again.");
          }}
        />
      ) : null}
      {history.error ? <p className="admin-error">{history.error}</p> : null}
      {listed.length > 0 ? (
        <ol className="history-list">
          {listed.map((l) => (
            <VersionItem
              key={l.version.sha}
              listed={l}
              label={labelOf(l)}
              refusals={refusals.get(l.version.sha) ?? []}
              shown={shown?.sha === l.version.sha}
              onPreview={() => preview(l)}
              onRestore={() => void askThenRestore(l)}
              asking={
                asking === l.version.sha
                  ? { confirm: () => restoreOne(l), cancel: () => setAsking(undefined) }
                  : undefined
              }
            />
          ))}
        </ol>
      ) : !history.loading && !history.error ? (
        <p>No published version yet.</p>
      ) : null}
      <OlderVersions history={history} />
    </section>
  );
}

export function HistoryPanel(props: HistoryPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, say] = useState("");
  const shown = useSyncExternalStore(onShownVersion, shownVersion);
  useEffect(() => heading.current?.focus(), []);
  // Back to the draft (here, or in the preview pane): said so.
  useEffect(() => {
    if (!shown) say((now) => (now.startsWith("The preview shows the version") ? "The preview shows the draft." : now));
  }, [shown]);
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="history-heading"
      className="history-panel admin-own"
      id="history-panel"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          props.onClose();
        }
      }}
    >
      <div className="history-top">
        <h2 id="history-heading" tabIndex={-1} ref={heading}>
          History
        </h2>
        <button type="button" onClick={props.onClose}>
          Close<span className="admin-hidden"> the history</span>
        </button>
      </div>
      <p role="status" className="history-said">
        {said}
      </p>
      {shown ? (
        <p className="history-shown">
          <button type="button" onClick={() => showVersion(undefined)}>
            Back to the current draft
          </button>
        </p>
      ) : null}
      <PublishChanges
        place="panel"
        path={props.entry.path}
        fields={props.entry.fields}
        draft={props.draft}
        onDraftChange={props.onDraftChange}
        live={props.live}
        publishes={props.publishes}
        titleOf={props.titleOf}
      />
      <Versions props={props} say={say} shown={shown} />
    </div>
  );
}
