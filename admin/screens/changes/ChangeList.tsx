/**
 * The changes, newest first: each commit as who and when (in the site's time zone), its message, and
 * each entry it changed by its title, linked to its editor, with what changed in words; a deleted
 * entry not there since with "Bring back".
 */
import type { DescribedFile, DescribedRow } from "../../history/recent/describe-change.ts";
import { entryAddress } from "../../decap/routes.ts";
import { writtenTime } from "../../history/dates.ts";

interface Props {
  rows: DescribedRow[];
  /** The site's time zone (site.yaml's timeZone; UTC without one, as the schedule reads it). */
  zone: string;
  /** The files "Bring back" is offered for, by path, with the sha of the commit that removed them. */
  gone: Map<string, string>;
  bringBack(file: DescribedFile): void;
}

/** As every history screen writes a time (admin/history/dates.ts). */
export const when = (iso: string, zone: string) => writtenTime(iso, zone);

const statusWords: Partial<Record<DescribedFile["status"], string>> = {
  added: "created",
  removed: "deleted",
  renamed: "renamed",
};

function FileChange({
  file,
  sha,
  gone,
  bringBack,
}: { file: DescribedFile; sha: string } & Omit<Props, "rows" | "zone">) {
  const status = statusWords[file.status];
  const name =
    file.entry && file.status !== "removed" ? <a href={entryAddress(file.entry)}>{file.title}</a> : file.title;
  return (
    <li className="changes-file">
      <p className="changes-entry">
        {file.entry ? <span className="changes-noun">{file.entry.noun}: </span> : null}
        <strong>{name}</strong>
        {status ? <span className="changes-tag"> ({status})</span> : null}
      </p>
      {file.status === "added" || file.status === "removed" ? null : (
        <ul className="changes-said">
          {file.said.map((sentence, i) => (
            <li key={i}>{sentence}</li>
          ))}
        </ul>
      )}
      {gone.get(file.path) === sha && file.entry?.folder && file.lastText !== undefined ? (
        <button type="button" onClick={() => bringBack(file)}>
          Bring back <span className="admin-hidden">&quot;{file.title}&quot;</span>
        </button>
      ) : null}
    </li>
  );
}

export function ChangeList({ rows, zone, gone, bringBack }: Props) {
  return (
    <ol className="changes-list" aria-label="Changes, newest first">
      {rows.map((row, index) => (
        <li key={row.sha} className="changes-row">
          <h2 id={`change-${index}`} tabIndex={-1}>
            <time dateTime={row.date}>{when(row.date, zone)}</time>, {row.author}
          </h2>
          <p className="changes-message">{row.message.split("\n")[0]}</p>
          <ul className="changes-files">
            {row.files.map((file) => (
              <FileChange key={file.path} file={file} sha={row.sha} gone={gone} bringBack={bringBack} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
