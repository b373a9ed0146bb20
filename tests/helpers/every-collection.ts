/**
 * Every collection's entries as the app receives them: the content pipeline's, and an empty list for
 * each collection that has no entry in the content folder (the content build emits one for each, as
 * `collections.json`; the pipeline's result leaves them out). The empty lists are written out one by
 * one, typed by the table of kinds: a kind added to `schemas/kinds.ts` is a type error here until it
 * has its line (`npm run new:kind` writes it).
 */
import type { CollectionName, Collections } from "../../schemas/index.ts";
import type { Content } from "../../scripts/content/stages/validate.ts";

const none: { [C in CollectionName]: [] } = {
  services: [],
  plans: [],
  team: [],
  faq: [],
  testimonials: [],
  tags: [],
  guides: [],
  "case-studies": [],
};

export function everyCollection(found: Content["collections"]): Collections {
  return { ...none, ...found };
}
