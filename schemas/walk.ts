/**
 * The one walker of Zod schemas: what a field is under its wrappers (optional, default, nullable,
 * pipe, transform, lazy ...), its `.describe()` text and `.meta()`, the fields of an object, the
 * member of a union that a value is, the schema at a path of some data, and every field of a schema
 * with its path. The content check's messages, the CMS configuration, the unused-entry warnings, the
 * guide and /admin/ read schemas through it. Browser-safe, Zod only; it takes a schema value and
 * keeps no state, however the schema was built.
 */
import type { z } from "zod";

/** A check's definition (a string's format or pattern, a number's or a list's bounds). */
export interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  error?: (issue: object) => unknown;
}

/** What Zod keeps in a schema's definition (`_zod.def`), as far as anything here reads it. */
export interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  options?: z.ZodType[];
  discriminator?: string;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  defaultValue?: unknown;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  check?: string;
  pattern?: RegExp;
  error?: (issue: object) => unknown;
}

/** The definitions of a schema's checks (bounds, formats, patterns). */
export const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);

/** A schema's definition. */
export const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;

/** A field as written, and what it is under its wrappers. */
export interface Unwrapped {
  /** The schema as written (wrappers included). */
  schema: z.ZodType;
  /** What the wrappers hold: the text, number, object, list or union itself (a pipe: its input). */
  inner: z.ZodType;
  /** The inner schema's definition. */
  def: Def;
  /** Whether it may be left out: a wrapper is optional or gives a default. */
  optional: boolean;
  nullable: boolean;
  /** The default a wrapper gives (the innermost one), when one does. */
  default?: { value: unknown };
  /** Its `.describe()` text: the outermost layer's that has one. */
  description?: string;
  /** Its `.meta()`, every layer's merged, the outer layers' winning. */
  meta: Record<string, unknown>;
}

/** Wrappers around one schema (`innerType`): what a value of it is, is the inner schema's. */
const wrappers = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "nonoptional",
  "readonly",
  "catch",
  "success",
  "promise",
]);

/** What `schema` is under optional/default/nullable/readonly/catch, pipes and transforms (their input) and lazy. */
export function unwrap(schema: z.ZodType): Unwrapped {
  const field: Unwrapped = { schema, inner: schema, def: defOf(schema), optional: false, nullable: false, meta: {} };
  let s = schema;
  for (;;) {
    const d = defOf(s);
    field.description ??= s.description;
    field.meta = { ...((s.meta() as Record<string, unknown> | undefined) ?? {}), ...field.meta };
    if (d.type === "optional") field.optional = true;
    else if (d.type === "nullable") field.nullable = true;
    else if (d.type === "default" || d.type === "prefault") {
      field.optional = true;
      field.default = {
        value: typeof d.defaultValue === "function" ? (d.defaultValue as () => unknown)() : d.defaultValue,
      };
    }
    const next = wrappers.has(d.type)
      ? d.innerType
      : d.type === "pipe"
        ? d.in
        : d.type === "lazy"
          ? d.getter?.()
          : undefined;
    if (!next) break;
    s = next;
  }
  field.inner = s;
  field.def = defOf(s);
  return field;
}

/** The fields of an object schema (under its wrappers), in order; none for anything else. */
export function fieldsOf(schema: z.ZodType): [string, z.ZodType][] {
  return Object.entries(unwrap(schema).def.shape ?? {});
}

/** The value of a fixed field of an object schema (a section's `type: z.literal("hero")`). */
export function literalOf(schema: z.ZodType, key = "type"): unknown {
  const field = unwrap(schema).def.shape?.[key];
  return field ? unwrap(field).def.values?.[0] : undefined;
}

/** The member of a union (under its wrappers) that `value` is, by its discriminator (`type` unless the union names another). */
export function optionFor(union: z.ZodType, value: unknown): z.ZodType | undefined {
  const d = unwrap(union).def;
  if (d.type !== "union" || !d.options) return undefined;
  const key = d.discriminator ?? "type";
  const written = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return d.options.find((option) => {
    const literal = unwrap(option).def.shape?.[key];
    return literal !== undefined && unwrap(literal).def.values?.includes(written);
  });
}

/** The value at `path` of `data`; undefined where there is none. */
export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const part of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/**
 * The field at `path` of `data` (["sections", 3, "plans"]), as written in its parent, wrappers
 * included; `resolved` is what it is, a union's member picked by the data's own `type`. Undefined
 * when the schema has no such field, or a union on the way has no member for the data.
 */
export function fieldAt(
  root: z.ZodType,
  path: readonly PropertyKey[],
  data: unknown,
): { field: z.ZodType; resolved?: Unwrapped } | undefined {
  let field = root;
  for (let i = 0; ; i++) {
    let here = unwrap(field);
    if (here.def.type === "union") {
      const option = optionFor(here.inner, valueAt(data, path.slice(0, i)));
      if (!option) return i === path.length ? { field } : undefined;
      here = unwrap(option);
    }
    if (i === path.length) return { field, resolved: here };
    const part = path[i]!;
    const next =
      here.def.type === "object"
        ? here.def.shape?.[String(part)]
        : here.def.type === "array"
          ? here.def.element
          : undefined;
    if (!next) return undefined;
    field = next;
  }
}

/** A field met by `walk`. */
export interface Visited extends Unwrapped {
  /** Its path from the schema walked: field names, "[]" for a list's items, "{}" for a record's values. */
  path: string[];
  /** Its name in its object ("[]" or "{}" for an item). */
  name: string;
}

/**
 * Visits each field of `schema` with its path, depth first: the fields of objects, a list's items and
 * a record's values, the fields of every member of a union (at the same path). `visit` returning
 * false leaves what is inside that field unvisited.
 */
export function walk(schema: z.ZodType, visit: (field: Visited) => boolean | void, path: string[] = []): void {
  const here = unwrap(schema);
  const inside = (name: string, child: z.ZodType) => {
    const field: Visited = { ...unwrap(child), path: [...path, name], name };
    if (visit(field) !== false) walk(child, visit, field.path);
  };
  const d = here.def;
  if (d.type === "object") for (const [name, child] of Object.entries(d.shape ?? {})) inside(name, child);
  else if (d.type === "array" && d.element) inside("[]", d.element);
  else if (d.type === "record" && d.valueType) inside("{}", d.valueType);
  else if (d.type === "union") for (const option of d.options ?? []) walk(option, visit, path);
}
