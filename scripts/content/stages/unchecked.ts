/**
 * Reading content before its schema has checked it (the files as parsed): a value as an object
 * (anything else reads as empty) or as a string (anything else reads as undefined). Browser-safe:
 * /admin/'s check and preview read content this way too.
 */

/** True when `value` is a plain object: not null, not a list, not a date (YAML reads timestamps as dates). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Date);

/** `value` when it is a plain object, else `{}`. */
export const asRecord = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** `value` when it is a string, else undefined. */
export const asString = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
