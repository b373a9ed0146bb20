/** Small field types shared by every content kind. */
import { z } from "zod";
import { draftReference, noContext, scheduledReference, type ContentContext, type MarkdownOptions } from "./context.ts";
import { referenceNouns, type Reference, type ReferenceKind, type ReferenceMeta } from "./references.ts";
import { didYouMean, listOf } from "./suggest.ts";
import { unwrap, walk } from "./walk.ts";

const sets = new WeakMap<readonly string[], ReadonlySet<string>>();
/** Whether a list of the context holds `value`: a Set made once per list, not a scan per reference. */
export function listHas(list: readonly string[] | undefined, value: string): boolean {
  if (!list) return false;
  let set = sets.get(list);
  if (!set) sets.set(list, (set = new Set(list)));
  return set.has(value);
}

/** Html produced at build time from Markdown, sanitised; the only text the app may render as HTML. */
export type Html = string & z.$brand<"Html">;

export const id = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: 'write lower-case letters, digits and hyphens only, e.g. "laptop-repair"',
  })
  .describe('A short name used to refer to this entry from other files, e.g. "laptop-repair".');

export const route = z
  .string()
  .regex(/^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/, {
    error: 'write a path that starts with "/" and uses lower-case words and hyphens, e.g. "/about"',
  })
  .describe('The address of the page on the site, e.g. "/about". The home page is "/".');

const nonEmpty = z.string().trim().min(1, { error: "write some text here; it must not be empty" });

/** What in plain text would show as typed, not as the writer meant, and what to do instead. */
function markupIn(value: string): string | undefined {
  const tag = /<\/?[a-zA-Z][^>]*>/.exec(value)?.[0];
  if (tag) {
    return `${tag} shows as typed here: this field is plain text, HTML does not work in it. ${
      /^<br/i.test(tag) ? "A heading or label stays on one line: remove it" : "Remove it and write the words only"
    }`;
  }
  const markdown = /\*\*|__|\[[^\]]+\]\([^)]*\)/.exec(value)?.[0];
  if (markdown) {
    return `${markdown.startsWith("[") ? "a Markdown link" : `"${markdown}"`} shows as typed here: this field is plain text, not Markdown. Remove it and write the words only`;
  }
  return undefined;
}

/** Plain text: shown exactly as written, so markup in it is a mistake. */
export const text = nonEmpty.superRefine((value, ctx) => {
  const problem = markupIn(value);
  if (problem) ctx.addIssue({ code: "custom", input: value, message: problem });
});

/**
 * Text written in Markdown, compiled to sanitised HTML at build time. `pictures`: the place its
 * pictures (`![alt](images/…)`) are shown in (an entry's text); without it pictures are refused.
 */
export function markdown(c: ContentContext, options: MarkdownOptions = {}) {
  return nonEmpty
    .transform((source, ctx): Html => {
      if (!c.known) {
        ctx.issues.push({ code: "custom", message: noContext("Markdown"), input: source });
        return source as Html;
      }
      // The context's resolver: the one that records the file's pictures for the image stage.
      const result = c.markdown(
        source,
        c.file.route,
        options.pictures ? { ...options, resolveImage: c.resolveImage } : options,
      );
      for (const problem of result.problems) {
        if ((problem.draftReference || problem.scheduledReference) && c.file.allowDraftReferences) continue;
        ctx.issues.push({
          code: "custom",
          message: problem.message,
          input: source,
          params: {
            line: problem.line,
            column: problem.column,
            ...(problem.draftReference ? draftReference : problem.scheduledReference ? scheduledReference : {}),
          },
        });
      }
      return result.html as Html;
    })
    .meta({ markdown: true });
}

/**
 * What is wrong with a link target, if anything. A link (`page` false) may go to a page not shown at
 * the build's time: it is shown only while that page is (scripts/content/stages/schedule.ts); a
 * page's route used on its own (the not-found page, where a form leads) may not.
 */
function checkTarget(c: ContentContext, to: string, page: boolean): { message: string; draft?: boolean } | undefined {
  if (to === "phone" || to === "email") return undefined;
  if (/^https:\/\/[^\s]+$/.test(to)) return undefined;
  if (to.startsWith("/") || to.startsWith("#")) {
    if (!c.known) return { message: noContext(`the link "${to}"`) };
    const { routes, routesUnknown, anchors, drafts } = c;
    const { route: here, allowDraftReferences } = c.file;
    if (routesUnknown) return undefined;
    if (!/^(\/[^?#\s]*)?(\?[^#\s]*)?(#[A-Za-z][\w-]*)?$/.test(to)) {
      return {
        message: `"${to}" is not a link this site can follow: write a route such as "/contact", or an anchor such as "#pricing"`,
      };
    }
    const path = to.startsWith("#") ? here : to.replace(/[?#].*$/, "");
    if (path !== undefined && !listHas(routes, path)) {
      return {
        message: `no page has the address "${path}".${didYouMean(path, routes)} The site's pages: ${listOf(routes, 20)}`,
      };
    }
    if (path !== undefined && listHas(drafts.routes, path) && !allowDraftReferences) {
      return {
        message: `the page "${path}" is a draft (draft: true): publish it first, or make this a draft too`,
        draft: true,
      };
    }
    if (page && path !== undefined && c.unshown.routes[path] !== undefined) {
      return {
        message: `the page "${path}" is ${c.unshown.routes[path]}: choose a page that is always shown, or take its dates off`,
      };
    }
    const anchor = /#(.+)$/.exec(to)?.[1];
    if (anchor !== undefined) return checkAnchor(anchor, path, anchors, drafts.anchors, allowDraftReferences);
    return undefined;
  }
  return {
    message:
      'write a page route such as "/contact", an anchor such as "#pricing", a full "https://" address, "phone" (the toll-free number) or "email" (the support address)',
  };
}

/**
 * An anchor ("#pricing") must be a section's `anchor` on the page it points into; with no page
 * (a link in the site settings, shown on every page) on at least one page.
 */
export function checkAnchor(
  anchor: string,
  route: string | undefined,
  anchors: Readonly<Record<string, readonly string[]>>,
  draftAnchors: Readonly<Record<string, readonly string[]>> | undefined,
  allowDraftReferences?: boolean,
): { message: string; draft?: boolean } | undefined {
  const known = route === undefined ? [...new Set(Object.values(anchors).flat())] : (anchors[route] ?? []);
  const where = route === undefined ? "any page" : `the page "${route}"`;
  if (!known.includes(anchor)) {
    return {
      message: `no section on ${where} has the anchor "${anchor}".${didYouMean(anchor, known)} ${
        known.length ? `Anchors there: ${listOf(known, 20)}` : 'Give a section "anchor: ' + anchor + '" first'
      }`,
    };
  }
  const inDraft = route === undefined ? false : draftAnchors?.[route]?.includes(anchor);
  if (inDraft && !allowDraftReferences) {
    return {
      message: `the section with the anchor "${anchor}" is a draft (draft: true): publish it first, or make this a draft too`,
      draft: true,
    };
  }
  return undefined;
}

const targetIssue =
  (c: ContentContext, page = false) =>
  (to: string, ctx: z.RefinementCtx) => {
    const problem = checkTarget(c, to, page);
    if (problem) {
      ctx.addIssue({
        code: "custom",
        message: problem.message,
        input: to,
        ...(problem.draft ? { params: draftReference } : {}),
      });
    }
  };

export function linkTarget(c: ContentContext) {
  return (
    z
      .string()
      .superRefine(targetIssue(c))
      // Where a link goes, not words on the page (/admin/'s preview does not offer it for typing there).
      .meta({ target: true })
      .describe(
        'Where the link goes: a page\'s address, e.g. "/contact"; a section of this page, e.g. "#pricing"; a full "https://" address; "phone" for the toll-free number or "email" for the support e-mail.',
      )
  );
}

/** A route that must belong to a page. */
export function pageRoute(c: ContentContext) {
  return route.superRefine(targetIssue(c, true));
}

export function link(c: ContentContext) {
  return z
    .strictObject({
      label: text.describe("The words on the link or button."),
      to: linkTarget(c),
    })
    .describe("A link or button.");
}

export type Link = z.output<ReturnType<typeof link>>;

/**
 * A reference to an entry of a collection or a form: content writes its id, checked against the ids
 * that exist; the parsed value is `{ kind, id }`, so its kind stays in its type. Without the content
 * context the check fails rather than passing unchecked.
 */
export function ref<K extends ReferenceKind>(c: ContentContext, kind: K) {
  if (!Object.hasOwn(referenceNouns, kind)) throw new Error(`ref("${kind}"): no such kind of content`);
  const noun = referenceNouns[kind];
  return z
    .string()
    .superRefine((value, ctx) => {
      if (!c.known) {
        ctx.addIssue({ code: "custom", input: value, message: noContext(`the ${noun} "${value}"`) });
        return;
      }
      // Unknown when the file holding them could not be read: that file's own problem is reported.
      const known = c.ids[kind];
      if (known && !listHas(known, value)) {
        ctx.addIssue({
          code: "custom",
          input: value,
          message: `unknown ${noun} "${value}".${didYouMean(value, known)} Known: ${listOf(known) || "none yet"}`,
        });
      } else if (listHas(c.drafts.ids[kind], value) && !c.file.allowDraftReferences) {
        ctx.addIssue({
          code: "custom",
          input: value,
          params: draftReference,
          message: `the ${noun} "${value}" is a draft (draft: true): publish it first, or make this a draft too`,
        });
      }
    })
    .transform((id): Reference<K> => ({ kind, id }))
    .meta({ reference: kind } satisfies ReferenceMeta)
    .describe(
      kind === "forms"
        ? 'Which form, by its short name (its id), e.g. "callback".'
        : `Which ${noun}, by its short name (its id); the editor offers them by name.`,
    );
}

/** The kind a reference field refers to, read from its metadata; undefined for other fields. */
export function referenceOf(schema: z.ZodType): ReferenceKind | undefined {
  // The tag is on the reference's outer layer (a pipe from the id to { kind, id }): every layer's meta, merged.
  const kind = (unwrap(schema).meta as Partial<ReferenceMeta>).reference;
  return kind !== undefined && kind in referenceNouns ? kind : undefined;
}

/** An object schema's reference fields (a section's): the field, the kind it refers to, and whether it holds a list of ids. */
export function referenceFields(schema: z.ZodType): { field: string; kind: ReferenceKind; list: boolean }[] {
  const found: { field: string; kind: ReferenceKind; list: boolean }[] = [];
  walk(schema, ({ name, schema: field, def }) => {
    const element = def.type === "array" && def.element ? def.element : undefined;
    const kind = referenceOf(field) ?? (element ? referenceOf(element) : undefined);
    if (kind) found.push({ field: name, kind, list: Boolean(element) });
    return false; // its own fields, not those inside them
  });
  return found;
}

export const iconNames = [
  "laptop",
  "desktop",
  "tablet",
  "phone",
  "network",
  "printer",
  "shield",
  "clock",
  "headset",
  "user",
  "home",
  "briefcase",
  "bolt",
  "lock",
  "star",
  "check",
  "mail",
  "map-pin",
] as const;

export type IconName = (typeof iconNames)[number];

export const icon = z
  .enum(iconNames)
  .meta({ icon: true })
  .describe(`A picture shown beside the text. One of: ${iconNames.join(", ")}.`);

/** Drafts show in `npm run dev` and are left out of the built site. */
export const draft = z
  .boolean()
  .default(false)
  .meta({ title: "Draft (hidden from the site)" })
  .describe("On: kept off the published site, shown only in the preview, so it can be finished first.");

/** A card with a picture, a title and a short text. */
export function card(c: ContentContext) {
  return z.strictObject({
    icon,
    title: text.describe("The card's title."),
    text: markdown(c).describe("One or two sentences, in Markdown."),
  });
}
