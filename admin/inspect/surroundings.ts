/** What the preview needs of /admin/ around it (around.ts makes it): the form's fields and the entries' names. */
import type { EntryName } from "./sources.ts";
import type { Path } from "./fields.ts";

export interface Surroundings {
  /** Puts the cursor in the field at `path` of the entry being edited; false when the form has no such field. */
  goTo(path: Path): boolean;
  /** Changes the field at `path` as typing in it would; false when it cannot. */
  change(path: Path, value: string): boolean;
  /** The field's name as the form shows it ("Heading"). */
  labelOf(entry: EntryName, path: Path): string;
  /** What another entry is and how to open it: "Edit this question" and its address. */
  open(entry: EntryName): { action: string; what: string; go(field: Path): void };
}
