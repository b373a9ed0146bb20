/**
 * What /admin/ does around each save. Before: the content is read again and the entry checked
 * against it (a problem found only now, as the content changed since the form was checked, refuses
 * the save, said with the fields' labels); a YAML file is given the text to write, its file edited in
 * place, merged first with the file as it is now when someone published it since it was read
 * (no-edit-lost.ts). After: the pictures the backend lacked are asked again, the content read again, and a new
 * entry no page shows is offered a place (placement.ts).
 */
import { SOURCE, TEXT } from "./in-place.ts";
import { forgetMissing } from "../decap/backend.ts";
import { config } from "../config.ts";
import { refreshStored } from "./content-cache.ts";
import { afterSave, beforeSave } from "../decap/decap.ts";
import { checkOf } from "./entry-check.ts";
import { fileOf, textOf } from "./entry-file.ts";
import { labelled } from "./labels.ts";
import { notice, refusing } from "./notice.ts";
import { offerAPlace } from "./placement.ts";
import { mergeBeforeSave } from "./no-edit-lost.ts";

export function registerSaveHooks() {
  beforeSave(async (entry) => {
    await refreshStored();
    const file = fileOf(entry);
    if (!file) return undefined;
    const found = checkOf(entry);
    if (found.length) {
      const message = found
        .map((p) => `${labelled(config, entry.collection, entry.slug, p.field)}${p.message}`)
        .join("; ");
      notice(`Not saved: ${message}`);
      refusing();
      throw Object.assign(new Error(message), { name: "" });
    }
    // The file changed since it was read: the edit merged with it, and written from it as it is now.
    const merged = await mergeBeforeSave(entry);
    const saved = merged ? { ...entry, data: { ...entry.data, ...merged } } : entry;
    const text = textOf(saved, file.rel, file.schema);
    // What is written is the file as read from now on: the next save is merged against it.
    return { ...merged, [TEXT]: text, [SOURCE]: text };
  });
  afterSave((entry) => {
    forgetMissing();
    void refreshStored().then(() => (entry.newRecord ? offerAPlace(entry) : undefined));
  });
}
