/**
 * Changes as the marketer reads them, the same wherever /admin/ lists them (a version in the History
 * panel, "What changes when you publish"): each change's sentence, long text as its removed and
 * added words marked.
 */
import { Fragment } from "react";
import type { FieldChange } from "../diff/changes.ts";

/** A change as words: long text with its removed and added words marked. */
function ChangeWords({ change }: { change: FieldChange }) {
  if (change.kind !== "edited" || change.snippets.length === 0) return <>{change.sentence}</>;
  return (
    <>
      {change.path.join(" › ")}:{" "}
      {change.snippets.map((snippet, i) => (
        <Fragment key={i}>
          {snippet.fromStart ? "" : "…"}
          {snippet.pieces.map((piece, j) => (
            <Fragment key={j}>
              {j > 0 ? " " : ""}
              {piece.kind === "removed" ? (
                <del>{piece.text}</del>
              ) : piece.kind === "added" ? (
                <ins>{piece.text}</ins>
              ) : (
                piece.text
              )}
            </Fragment>
          ))}
          {snippet.toEnd ? "" : "…"}{" "}
        </Fragment>
      ))}
      {change.more ? `(and ${change.more} more)` : ""}
    </>
  );
}

/** The changes as a list; `none` when there are none. */
export function ChangeItems({ changes, none }: { changes: readonly FieldChange[]; none: string }) {
  if (changes.length === 0) return <p>{none}</p>;
  return (
    <ul className="history-changes">
      {changes.map((change, i) => (
        <li key={i}>
          <ChangeWords change={change} />
        </li>
      ))}
    </ul>
  );
}
