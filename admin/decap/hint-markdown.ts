/**
 * Decap's field hints, each text drawn once. Decap's editor (its EditorControl) draws a field's hint
 * with react-markdown, which makes a Markdown processor and parses the hint at every render of the
 * field: when an editor opens, that is every field of every list item (a closed item's fields are
 * drawn too, hidden), and the field again at each key typed in it. On the home page's editor it was
 * about 0.65 s of the browser's CPU at full speed, the same few hints parsed hundreds of times.
 * This module takes react-markdown's place for Decap (scripts/cms/decap-swaps.ts): react-markdown
 * itself, called with the options Decap gives it (the same for every hint: the elements a, strong, em
 * and del, links opening a new tab), its element kept per text, so each hint is parsed once per page.
 * An element is a description, not a node: React draws one in as many places as it is given.
 * The texts are kept under a key of the global symbol registry, so that the copy of this module inside
 * the development server's bundle of Decap and the one /admin/'s own code imports share them.
 */
import type { ReactElement } from "react";
import ReactMarkdown from "react-markdown/src/react-markdown.js";

type Options = Parameters<typeof ReactMarkdown>[0];

const key = Symbol.for("admin/decap/hint-markdown");
const drawn: Map<string, ReactElement> =
  ((globalThis as Record<symbol, unknown>)[key] as Map<string, ReactElement>) ??
  ((globalThis as Record<symbol, unknown>)[key] = new Map<string, ReactElement>());

/** How many hint texts were parsed (each once): the contract's check that Decap draws its hints here. */
export const hintsParsed = () => drawn.size;

export default function HintMarkdown(options: Options): ReactElement {
  const text = options.children;
  if (typeof text !== "string") return ReactMarkdown(options);
  let element = drawn.get(text);
  if (!element) drawn.set(text, (element = ReactMarkdown(options)));
  return element;
}
