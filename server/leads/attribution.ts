/**
 * Where a lead came from, as the page sends it with the form (ui/visit.ts): the visit's landing page,
 * its referrer and its campaign parameters (schemas/lead-limits.ts lists the names). The server
 * keeps these names only, each cleaned (no control characters, no line breaks: the values go into
 * an e-mail and a CSV) and cut to its bound; a landing page must be a path on this site and a
 * referrer an http(s) address, of which only the origin and path are kept (a query may hold a
 * token or a search). A value that does not pass is left out: the lead itself is never refused for
 * its attribution, which the visitor cannot see or correct.
 */
import {
  attributionFields,
  attributionMaxLength,
  type Attribution,
  type AttributionField,
} from "../../schemas/index.ts";

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
const unprintable = /[\p{Cc}\u2028\u2029]/gu;

const cut = (text: string, max: number) => {
  const characters = Array.from(text);
  return characters.length > max ? characters.slice(0, max).join("") : text;
};

function clean(name: AttributionField, raw: string): string | undefined {
  const text = raw.replace(unprintable, "").trim();
  if (!text) return undefined;
  const max = attributionMaxLength(name);
  // A path, not "//host/…" (which a browser would read as another site).
  if (name === "landing_page") return /^\/(?!\/)[\w\-./~%]*$/.test(text) && text.length <= max ? text : undefined;
  if (name === "referrer") {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return undefined;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    const kept = `${url.origin}${url.pathname}`;
    return kept.length <= max ? kept : undefined;
  }
  return cut(text, max);
}

/** The attribution in posted `values`: the known names only, cleaned and bounded; undefined when there is none. */
export function attributionFrom(values: Record<string, string>): Attribution | undefined {
  const attribution: Attribution = {};
  for (const name of attributionFields) {
    const value = values[name] === undefined ? undefined : clean(name, values[name]);
    if (value) attribution[name] = value;
  }
  return Object.keys(attribution).length ? attribution : undefined;
}
