/**
 * How every history screen writes a time (issue 61, item 2): the History panel, Recent changes and
 * "What changes when you publish" all say it this one way, in the site's time zone (site.yaml's
 * `timeZone`), else UTC, as the site's schedule reads a date without a zone: "Nov 2, 2026, 9:30 AM".
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone the screens use: the site's, else UTC. */
export const zoneOf = (timeZone: string | undefined) => timeZone ?? "UTC";

/** An ISO time as the history screens write it, in `timeZone` (the site's; UTC without one). */
export function writtenTime(iso: string, timeZone: string | undefined): string {
  const zone = zoneOf(timeZone);
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone });
    formats.set(zone, format);
  }
  return format.format(new Date(iso));
}

/** Only the day, the same way: "Nov 2, 2026". */
export const writtenDay = (iso: string, timeZone: string | undefined) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: zoneOf(timeZone) }).format(new Date(iso));
