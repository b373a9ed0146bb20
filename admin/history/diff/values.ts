/**
 * A value of an entry in words, as a change says it: text quoted ('Popular'), numbers as they are, a
 * date as its day, a reference by its entry's title when one is known; and a place in a list in words
 * (first, last, 3rd). Long text is cut short: a change names a value, it does not reprint it.
 */

/** An entry's title by its collection and id (content-cache.ts' `storedTitle`), undefined when unknown. */
export type TitleOf = (collection: string, id: string) => string | undefined;

/** Whether a field holds nothing: absent, null, or empty text. */
export const isEmpty = (value: unknown): boolean => value === undefined || value === null || value === "";

/** A value to compare: a date (as YAML may read one) as its ISO text, anything else as it is. */
export const plain = (value: unknown): unknown => (value instanceof Date ? dayOf(value) : value);

/** A date as its day when it is midnight in UTC ("2026-11-02"), else its full ISO time. */
function dayOf(date: Date): string {
  if (Number.isNaN(date.getTime())) return String(date);
  const iso = date.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
}

/** At most `max` words of `text`, its whitespace made single spaces: "the first words … the last". */
export function shortened(text: string, max = 12): string {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= max) return words.join(" ");
  const head = Math.ceil(max / 2);
  return `${words.slice(0, head).join(" ")} … ${words.slice(words.length - (max - head - 1)).join(" ")}`;
}

/** Text in quotes, short: 'Remote backup'. */
export const quoted = (text: string): string => `'${shortened(text)}'`;

/** A value in words: 49, 'Popular', '2026-11-02', a referenced entry's title, on / off. */
export function shown(value: unknown, collection?: string, titleOf?: TitleOf): string {
  const v = plain(value);
  if (typeof v === "boolean") return v ? "on" : "off";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  if (typeof v === "string") return quoted((collection && titleOf?.(collection, v)) || v);
  if (isEmpty(v)) return "nothing";
  return quoted(JSON.stringify(v));
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** A place among `count` items in words: "first", "last", else "3rd". */
export function placeOf(index: number, count: number): string {
  if (index === 0) return "first";
  if (index === count - 1) return "last";
  return ordinal(index + 1);
}
