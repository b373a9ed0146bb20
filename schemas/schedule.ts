/**
 * Scheduling (Hugo's `publishDate` / `expiryDate`): a page, a section or a collection entry may have
 * a window, shown from `publishDate` on and not from `expiryDate` on, honoured when the site is built.
 * The dates are ISO 8601 date-times; one written without a zone is a time in the site's zone
 * (site.yaml `timeZone`, an IANA name such as "America/New_York"). Browser-safe (Intl only): the
 * pipeline, /admin/'s check and the `schedule` command read dates with the same code.
 */
import { z } from "zod";
import type { ContentContext } from "./context.ts";

/** Whether `name` is a time zone this runtime knows (IANA names: "America/New_York", "UTC"). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(zone, format);
  }
  return format;
}

/** How far `zone`'s clocks are ahead of UTC at the instant `utc` (ms). */
function offsetAt(zone: string, utc: number): number {
  const parts: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(utc))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  const local = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return local - Math.floor(utc / 1000) * 1000;
}

const pattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export const dateExample = '"2026-11-27T00:00" (in the site\'s time zone) or "2026-11-27T00:00-05:00"';

/**
 * A date as the instant it names (ms since 1970, UTC), or what is wrong with it, in words. Without a
 * zone it is a time in `zone` (the site's); without one of either it cannot be placed in time.
 */
export function parseWhen(text: string, zone: string | undefined): number | string {
  const match = pattern.exec(text.trim());
  if (!match) return `"${text}" is not a date and time: write it as ${dateExample}`;
  const [, y, mo, d, h = "0", mi = "0", s = "0", fraction = "", offset] = match;
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const local = Date.UTC(...fields) + Number(fraction.slice(0, 3).padEnd(3, "0"));
  const back = new Date(local);
  if (
    back.getUTCFullYear() !== fields[0] ||
    back.getUTCMonth() !== fields[1] ||
    back.getUTCDate() !== fields[2] ||
    fields[3] > 23 ||
    fields[4] > 59 ||
    fields[5] > 59
  ) {
    return `"${text}" is not a date and time that exists: write it as ${dateExample}`;
  }
  if (offset) {
    if (offset.toUpperCase() === "Z") return local;
    const digits = offset.slice(1).replace(":", "");
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
    return local - (offset[0] === "-" ? -1 : 1) * minutes * 60_000;
  }
  if (!zone) {
    return `"${text}" has no time zone, and the site has none set: add the zone to the date (e.g. "${text.trim()}-05:00" or "${text.trim()}Z"), or set timeZone in content/site.yaml (e.g. "America/New_York")`;
  }
  // The wall-clock time in `zone`: its offset at that time (twice, for a change of clocks in between).
  const first = local - offsetAt(zone, local);
  return local - offsetAt(zone, first);
}

/** A content item's window: shown from `from` (ms) on, and before `until`; either may be open. */
export interface Window {
  from?: number;
  until?: number;
}

/** The window of a value with `publishDate` / `expiryDate` fields (dates that cannot be read count as none: the check reports them). */
export function windowOf(value: unknown, zone: string | undefined): Window {
  const window: Window = {};
  if (value === null || typeof value !== "object") return window;
  const { publishDate, expiryDate } = value as { publishDate?: unknown; expiryDate?: unknown };
  if (typeof publishDate === "string") {
    const from = parseWhen(publishDate, zone);
    if (typeof from === "number") window.from = from;
  }
  if (typeof expiryDate === "string") {
    const until = parseWhen(expiryDate, zone);
    if (typeof until === "number") window.until = until;
  }
  return window;
}

/** Whether a window is open at `now` (ms): from `publishDate` on, and before `expiryDate`. */
export const isOpen = (window: Window, now: number): boolean =>
  (window.from === undefined || window.from <= now) && (window.until === undefined || now < window.until);

/** Whether a value with `publishDate` / `expiryDate` is shown at `now`. */
export const liveAt = (value: unknown, now: number, zone: string | undefined): boolean =>
  isOpen(windowOf(value, zone), now);

function when(c: ContentContext, title: string, meaning: string) {
  return z
    .string()
    .superRefine((value, ctx) => {
      // Without the facts (the guide, the JSON Schemas, the CMS) a date without a zone is still a date;
      // so it is when site.yaml's zone is not one (that is reported there, once).
      const zone = !c.known || (c.timeZone !== undefined && !isTimeZone(c.timeZone)) ? "UTC" : c.timeZone;
      const parsed = parseWhen(value, zone);
      if (typeof parsed === "string") ctx.addIssue({ code: "custom", input: value, message: parsed });
    })
    .optional()
    .meta({ title, datetime: true })
    .describe(meaning);
}

/** The fields of a window, for a schema built in `c` (pages, sections and every collection's entries have them). */
export const scheduleFields = (c: ContentContext) => ({
  publishDate: when(
    c,
    "Show from",
    `Show from: not shown before this date and time, e.g. ${dateExample}. Leave it out to show it as soon as it is published.`,
  ),
  expiryDate: when(
    c,
    "Show until",
    `Show until: not shown from this date and time on, e.g. ${dateExample}. Leave it out to keep it shown.`,
  ),
});

/** An instant in words, in `zone` (UTC when none): "Fri Nov 27 00:00 EST", or with `year`, "Fri Nov 27 2026 00:00 EST". */
export function formatWhen(at: number, zone: string | undefined, { year = false } = {}): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: zone ?? "UTC",
    hourCycle: "h23",
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  return `${parts.weekday} ${parts.month} ${parts.day}${year ? ` ${parts.year}` : ""} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}
