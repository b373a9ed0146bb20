/**
 * "Show from" and "Show until" in the site's time zone, said in words: the pickers write the time as
 * chosen, without a zone, and the site reads it in site.yaml's `timeZone` (schemas/schedule.ts). The
 * configuration comes from the schemas alone, so the zone is added here, from the content as built:
 * each date and time picker's hint says whose clock it is ("New York time: Eastern Time"), or, with
 * no zone set yet, where to set one (a time without a zone is refused until then).
 */
import { isTimeZone } from "../../schemas/when.ts";

interface Field {
  widget?: string;
  time_format?: string | boolean;
  hint?: string;
  fields?: Field[];
  types?: Field[];
}

/** The zone in words: "America/New_York" → "New York time (Eastern Time)". */
export function zoneWords(zone: string): string {
  const city = zone.split("/").at(-1)!.replaceAll("_", " ");
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longGeneric" })
    .formatToParts(0)
    .find((part) => part.type === "timeZoneName")?.value;
  return name && name !== city ? `${city} time (${name})` : `${city} time`;
}

/** What a date and time picker's hint adds for the site's zone (`undefined`: none set, or not a zone). */
export function zoneHint(zone: string | undefined): string {
  return zone && isTimeZone(zone)
    ? `Times are the site's: ${zoneWords(zone)}, whatever your computer's clock says.`
    : "Set the site's time zone first (Site settings, Time zone): until then a time chosen here cannot be read.";
}

const isPicker = (field: Field) => field.widget === "datetime" && typeof field.time_format === "string";

/** The configuration's collections with every date and time picker's hint saying the site's zone. */
export function withZoneHints<T>(collections: T, zone: string | undefined): T {
  const hint = zoneHint(zone);
  const walk = (field: Field): Field => ({
    ...field,
    ...(isPicker(field) ? { hint: field.hint ? `${field.hint} ${hint}` : hint } : {}),
    ...(field.fields ? { fields: field.fields.map(walk) } : {}),
    ...(field.types ? { types: field.types.map(walk) } : {}),
  });
  return (collections as (Field & { files?: Field[] })[]).map((collection) => ({
    ...walk(collection),
    ...(collection.files ? { files: collection.files.map(walk) } : {}),
  })) as T;
}
