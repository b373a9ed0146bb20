/**
 * Velite schemas derived from ours, for `npm run bench:velite`: each schema of schemas/ (Zod 4), read
 * through the walker (schemas/walk.ts), becomes the schema a Velite user would write with Velite's
 * `s` (Zod 3), so a new section type, field or kind reaches the benchmark with no edit here.
 * - Velite's own `s` does what it can say: strict objects, lists, texts, numbers, booleans, enums,
 *   literals, unions (discriminated where ours are), optional fields and defaults, and the bounds and
 *   patterns of each (`.min()`, `.max()`, `.int()`, `.regex()`, `.trim()`).
 * - A check ours writes as a function (plain text's markup, the phone rule, a redirect's address),
 *   or that `s` has no method for (a URL's protocol, lower-casing), runs as it is, in a transform, on
 *   the facts of one file alone (`oneFile`): what needs other files then passes, for the `prepare`
 *   hook of the configuration to check, as a Velite user checks across files.
 * - Fields tagged with `.meta()`: Markdown goes to the configuration's `markdown` (tokens, then
 *   `s.markdown()`), a picture's file to its `file` (`s.image()`); a reference parses to a
 *   `Reference`, as ours to `{ kind, id }`, and a link target to a `LinkTarget`, for `prepare` to find.
 * - Anything else (a date, a tuple, ...) has no counterpart here yet: Velite accepts any value and
 *   our own schema checks it (`s.unknown()` refined with it); its value is then not compiled.
 */
import type { z } from "zod";
import type { ZodTypeAny, z as zod3 } from "zod/v3";
import { noFile, type ContentFacts } from "../../../schemas/context.ts";
import type { ReferenceMeta } from "../../../schemas/references.ts";
import { defOf, unwrap, type CheckDef, type Def } from "../../../schemas/walk.ts";

/** Velite's `s` as far as the derivation uses it: Zod 3 (the stand-in of a test: zod/v3). */
export type Velite = typeof zod3;

/** Velite's own work on a tagged field, given the field's text as checked (velite.config.ts). */
export interface Hooks {
  /** A Markdown field: replace the {{tokens}}, then compile (`s.markdown()`). */
  markdown: (text: ZodTypeAny) => ZodTypeAny;
  /** The path of a picture's file: resolve it and read it (`s.image()`); it becomes the picture's fields. */
  file: (path: ZodTypeAny) => ZodTypeAny;
}

/** A reference, parsed as ours (`{ kind, id }`); `prepare` checks that the entry exists. */
export class Reference {
  constructor(
    readonly kind: string,
    readonly id: string,
  ) {}
}

/** A link target (`{ target: true }`), written out as its text; `prepare` checks where it leads. */
export class LinkTarget {
  constructor(readonly to: string) {}
  toJSON(): string {
    return this.to;
  }
}

const notHere = (what: string) => () => {
  throw new Error(`bench:velite: ${what} is Velite's work here (a tagged field), never our schema's`);
};

/**
 * The facts of one file alone: no other file is known (no ids, routes unknown), so every check of
 * another file passes, and what a field's check says of the field itself still counts.
 */
export const oneFile: ContentFacts = {
  known: true,
  ids: {},
  routes: [],
  routesUnknown: true,
  anchors: {},
  drafts: { ids: {}, routes: [], anchors: {} },
  redirects: [],
  notFoundRoute: undefined,
  // Nothing is hidden by a date, and a date without a zone passes, as if site.yaml named one (another file).
  unshown: { routes: {}, items: [] },
  timeZone: "UTC",
  file: noFile(),
  markdown: notHere("Markdown"),
  resolveImage: notHere("a picture"),
};

/** A Zod 4 check: its definition, and the function Zod runs on `{ value, issues }`. */
interface Check {
  _zod: {
    def: CheckDef & { length?: number; tx?: (value: string) => unknown };
    check: (payload: { value: unknown; issues: { message?: string; path?: PropertyKey[] }[] }) => void;
  };
}

/** Zod 3's methods for bounds and patterns (a string, a number and a list each have those that apply). */
type Method = (arg?: number | RegExp) => Bounded;
type Bounded = ZodTypeAny &
  Record<"min" | "max" | "length" | "gt" | "lt" | "int" | "regex" | "multipleOf" | "trim", Method>;

/** Zod 3's own method for a check, where it has one. */
function method(d: Check["_zod"]["def"]): ((schema: Bounded) => ZodTypeAny) | undefined {
  switch (d.check) {
    case "min_length":
      return (schema) => schema.min(d.minimum);
    case "max_length":
      return (schema) => schema.max(d.maximum);
    case "length_equals":
      return (schema) => schema.length(d.length);
    case "greater_than":
      return (schema) => (d.inclusive ? schema.min(d.value) : schema.gt(d.value));
    case "less_than":
      return (schema) => (d.inclusive ? schema.max(d.value) : schema.lt(d.value));
    case "multiple_of":
      return (schema) => schema.multipleOf(d.value);
    case "number_format":
      return d.format?.includes("int") ? (schema) => schema.int() : undefined;
    case "string_format": // regex, includes, starts_with, email, date, ...: each has its pattern
      return d.pattern ? (schema) => schema.regex(d.pattern) : undefined;
    case "overwrite": // a change of the value; Zod 4 keeps no name for it, so a trim is known by what it does
      return typeof d.tx === "function" && d.tx(" a ") === "a" ? (schema) => schema.trim() : undefined;
  }
  return undefined;
}

/** Runs a check of ours as Zod does (an overwrite changes the value), its problems reported to Velite. */
const runs = (check: Check) => (value: unknown, ctx: zod3.RefinementCtx) => {
  const payload = { value, issues: [] as { message?: string; path?: PropertyKey[] }[] };
  check._zod.check(payload);
  for (const issue of payload.issues) {
    ctx.addIssue({
      code: "custom",
      message: issue.message ?? "not valid here",
      path: (issue.path ?? []) as (string | number)[],
    });
  }
  return payload.value;
};

/**
 * `schema` with our checks, in order: Zod 3's method where it has one, else the check itself (after
 * which a method applies to a fresh schema of the same type, `again`, in a pipe).
 */
function checked(schema: ZodTypeAny, checks: Check[], again: () => ZodTypeAny): ZodTypeAny {
  let plain = true; // no transform yet: Zod 3's methods still apply
  for (const check of checks) {
    const own = method(check._zod.def);
    if (!own) [schema, plain] = [schema.transform(runs(check)), false];
    else schema = plain ? own(schema as Bounded) : schema.pipe(own(again() as Bounded));
  }
  return schema;
}

/** The Velite schema of one of ours. */
export function veliteSchema(schema: z.ZodType, s: Velite, hooks: Hooks): ZodTypeAny {
  const field = unwrap(schema);
  const { def, meta } = field;
  const own = (overrides: Record<string, ZodTypeAny> = {}) => ofType(field.inner, def, s, hooks, overrides);
  const reference = (meta as Partial<ReferenceMeta>).reference;
  let velite: ZodTypeAny;
  if (meta.markdown) velite = hooks.markdown(own());
  else if (meta.image) {
    const file = hooks.file(veliteSchema(def.shape!.src!, s, hooks));
    velite = own({ src: file }).transform(({ src, ...fields }) => ({ ...src, ...fields }));
  } else if (reference) velite = own().transform((id: string) => new Reference(reference, id));
  else if (meta.target) velite = own().transform((to: string) => new LinkTarget(to));
  else velite = own();
  if (field.nullable) velite = velite.nullable();
  if (field.default) return velite.default(field.default.value);
  return field.optional ? velite.optional() : velite;
}

/** What a schema is (under its wrappers) in Velite's `s`, with its checks. */
function ofType(
  inner: z.ZodType,
  def: Def,
  s: Velite,
  hooks: Hooks,
  overrides: Record<string, ZodTypeAny>,
): ZodTypeAny {
  const derive = (schema: z.ZodType) => veliteSchema(schema, s, hooks);
  // A format (z.email(), z.url()) is a check of the schema itself, Zod's first.
  const checks = [...(def.check ? [inner as unknown as Check] : []), ...((def.checks ?? []) as unknown as Check[])];
  const values = def.type === "enum" ? Object.values(def.entries ?? {}) : (def.values ?? []);
  switch (def.type) {
    case "string":
      return checked(s.string(), checks, () => s.string());
    case "number":
      return checked(s.number(), checks, () => s.number());
    case "boolean":
      return checked(s.boolean(), checks, () => s.boolean());
    case "array":
      return checked(s.array(derive(def.element!)), checks, () => s.array(s.unknown()));
    case "object": {
      const shape = Object.entries(def.shape!).map(([name, child]) => [name, overrides[name] ?? derive(child)]);
      const object = s.object(Object.fromEntries(shape) as Record<string, ZodTypeAny>);
      // Unknown keys: z.object() drops them, as Zod 3's does; z.strictObject() refuses them.
      const { catchall } = def as Def & { catchall?: z.ZodType };
      const own = !catchall
        ? object
        : defOf(catchall).type === "never"
          ? object.strict()
          : object.catchall(derive(catchall));
      return checked(own, checks, () => s.unknown());
    }
    case "union": {
      const options = def.options!.map(derive) as [ZodTypeAny, ZodTypeAny, ...ZodTypeAny[]];
      const objects = options.every((option) => option instanceof s.ZodObject);
      const union =
        def.discriminator && objects
          ? s.discriminatedUnion(def.discriminator, options as unknown as Parameters<Velite["discriminatedUnion"]>[1])
          : s.union(options);
      return checked(union, checks, () => s.unknown());
    }
    case "enum":
    case "literal":
      if (values.every((value) => typeof value === "string")) {
        return values.length === 1 ? s.literal(values[0]!) : s.enum(values as [string, ...string[]]);
      }
  }
  // No counterpart in `s` here: any value, checked by our own schema.
  return s.unknown().superRefine((value, ctx) => {
    for (const issue of inner.safeParse(value).error?.issues ?? []) {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path as (string | number)[] });
    }
  });
}
