/**
 * Dates and windows (publishDate, expiryDate), Zod-free and browser-safe (Intl only): the pipeline,
 * /admin/'s check, the `schedule` command, the build's clock (BUILD_TIME) and the preview's marks and
 * chosen time (`?at=`) read a date with the same code.
 */
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

/** `at`'s date and time parts in `zone` (UTC when none), by their names ("weekday", "hour", …). */
function partsOf(at: number, zone: string | undefined, zoneName: boolean): Record<string, string> {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: zone ?? "UTC",
    hourCycle: "h23",
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    ...(zoneName ? { timeZoneName: "short" } : {}),
  });
  return Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
}

/** An instant in words, in `zone` (UTC when none): "Fri Nov 27 00:00 EST", or with `year`, "Fri Nov 27 2026 00:00 EST". */
export function formatWhen(at: number, zone: string | undefined, { year = false } = {}): string {
  const parts = partsOf(at, zone, true);
  return `${parts.weekday} ${parts.month} ${parts.day}${year ? ` ${parts.year}` : ""} ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

/**
 * A time given as text (BUILD_TIME, the preview's `?at=`), else the clock: the instant, or what is
 * wrong with the text. Without a zone in the text it is a time in `zone` (the site's; none for
 * BUILD_TIME, which names its zone).
 */
export function timeAt(
  text: string | undefined,
  zone: string | undefined,
  clock: () => number = Date.now,
): number | string {
  const set = text?.trim();
  if (!set) return clock();
  return parseWhen(set, zone);
}

/** An instant in few words, in the site's zone: "Fri Nov 27, 00:00" (with the year unless it is `now`'s; in UTC, saying so, when the site has no zone). */
export function shortWhen(at: number, zone: string | undefined, now?: number): string {
  const parts = partsOf(at, zone, false);
  const year = now === undefined ? undefined : partsOf(now, zone, false).year;
  return `${parts.weekday} ${parts.month} ${parts.day}${parts.year === year ? "" : ` ${parts.year}`}, ${parts.hour}:${parts.minute}${zone ? "" : " UTC"}`;
}

/** What a preview says of a page, section or entry with a window at `now`. */
export interface WindowNote {
  /** Not shown yet, no longer shown, or shown now until a time. */
  state: "scheduled" | "ended" | "until";
  text: string;
}

/**
 * The preview's note on something with a window, at `now`, in the site's zone, `noun` naming it
 * ("page", "section", or none for an entry): "Scheduled: shows from Fri Nov 27, 00:00",
 * "Ended section: not shown since Mon Nov 30, 23:59", "Page shows until Mon Nov 30, 23:59". None
 * when it has no window, or is shown at `now` with no end.
 */
export function windowNote(
  value: unknown,
  now: number,
  zone: string | undefined,
  noun?: "page" | "section",
): WindowNote | undefined {
  const { from, until } = windowOf(value, zone);
  const when = (at: number) => shortWhen(at, zone, now);
  const named = (word: string) => (noun ? `${word} ${noun}` : word);
  if (from !== undefined && now < from) {
    return {
      state: "scheduled",
      text: `${named("Scheduled")}: shows from ${when(from)}${until === undefined ? "" : ` until ${when(until)}`}`,
    };
  }
  if (until === undefined) return undefined;
  if (now >= until) return { state: "ended", text: `${named("Ended")}: not shown since ${when(until)}` };
  return {
    state: "until",
    text: `${noun ? `${noun[0]!.toUpperCase()}${noun.slice(1)} shows` : "Shows"} until ${when(until)}`,
  };
}
