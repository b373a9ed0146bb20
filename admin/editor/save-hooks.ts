/**
 * What /admin/ does around each save. Before: the content is read again and the entry checked
 * against it (a problem found only now, as the content changed since the form was checked, refuses
 * the save, said with the fields' labels); a YAML file is given the text to write, its file edited in
 * place. After: the pictures the backend lacked are asked again, the content read again, and a new
 * entry no page shows is offered a place (placement.ts).
 */
import { TEXT } from "./in-place.ts";
import { forgetMissing } from "../decap/backend.ts";
import { config } from "../config.ts";
import { refreshStored } from "./content-cache.ts";
import { afterSave, beforeSave } from "../decap/decap.ts";
import { checkOf } from "./entry-check.ts";
import { fileOf, textOf } from "./entry-file.ts";
import { labelled } from "./labels.ts";
import { notice, refusing } from "./notice.ts";
import { offerAPlace } from "./placement.ts";

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
    if (file.rel.endsWith(".md")) return undefined;
    return { [TEXT]: textOf(entry, file.rel, file.schema) };
  });
  afterSave((entry) => {
    forgetMissing();
    void refreshStored().then(() => (entry.newRecord ? offerAPlace(entry) : undefined));
  });
}
