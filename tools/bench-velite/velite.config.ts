/**
 * The Velite 0.4 configuration that `npm run bench:velite` measures against our content pipeline: the
 * same content folder, the same rules as schemas/ where Velite can express them, the same HTML.
 * A template: tools/bench-velite.ts writes it to .bench/velite/velite.config.ts with `corpus` filled
 * in, and runs `velite build --strict` there (Velite, yaml and rehype-sanitize are installed in
 * .bench/velite/node_modules, never in the project). Type-checked on its own (./tsconfig.json) once
 * Velite is installed; the project's tsc leaves this folder out.
 *
 * How it matches scripts/content and schemas/:
 * - one collection per kind of file: site.yaml, leads.yaml, redirects.yaml, pages/*.yaml, pages/*.md,
 *   collections/<name>/*.yaml (the file name is the id), forms/*.yaml; strict objects, the same
 *   required fields, defaults, enums, lengths and patterns; sections a discriminated union on `type`
 *   (tests/content/velite-config.test.ts fails when a field or placeholder of schemas/ is missing here);
 * - Markdown fields: {{tokens}} from site.yaml replaced first (an unknown one is an issue), then
 *   `s.markdown()` with GFM off (ours has none) and rehype-sanitize with the schema ours uses
 *   (GitHub's, plus tel: links), so the HTML is the same;
 * - images: `s.image()` (copies the file under a hashed name and reads its size with sharp);
 * - what no single file can check (ids referred to exist, links and anchors land on a page, unique
 *   routes and redirects, one popular plan), and leaving drafts out: the `prepare` hook, which has
 *   every collection once all files are parsed (Velite has no cross-collection reference type).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import { defineCollection, defineConfig, s } from "velite";
import { parse } from "yaml";

interface Corpus {
  /** The content folder and Velite's output folders (absolute paths). */
  content: string;
  data: string;
  assets: string;
  /** "image": s.image() (sharp reads the size and renders a blur placeholder); "file": s.file() (a copy). */
  images: "image" | "file";
}
/** Filled in by tools/bench-velite.ts for each corpus (this line is replaced as a whole). */
const corpus: Corpus = { content: "content", data: ".velite", assets: "public/static", images: "image" };

// ---- {{tokens}}: read from site.yaml once, as our pipeline does (scripts/content/stages/tokens.ts) ----

interface SiteTokens {
  company?: { name?: string };
  contact?: {
    phone?: { display?: string; e164?: string };
    email?: string;
    hours?: string;
    address?: { street?: string; city?: string; region?: string; postalCode?: string };
  };
}
const siteData = parse(readFileSync(join(corpus.content, "site.yaml"), "utf8")) as SiteTokens;
const address = siteData.contact?.address;
const tokens: Record<string, string | undefined> = {
  company: siteData.company?.name,
  phone: siteData.contact?.phone?.display,
  "phone.e164": siteData.contact?.phone?.e164,
  email: siteData.contact?.email,
  hours: siteData.contact?.hours,
  address: address
    ? [address.street, address.city, [address.region, address.postalCode].filter(Boolean).join(" ")]
        .filter(Boolean)
        .join(", ")
    : undefined,
};
// How long leads are kept (leads.yaml, 365 days when it sets none), and each form's consent wording.
const leadsFile = join(corpus.content, "leads.yaml");
const retention = existsSync(leadsFile)
  ? (parse(readFileSync(leadsFile, "utf8")) as { retentionDays?: number } | null)?.retentionDays
  : undefined;
tokens.leadRetentionDays = typeof retention === "number" ? String(retention) : "365";
for (const file of existsSync(join(corpus.content, "forms")) ? readdirSync(join(corpus.content, "forms")) : []) {
  const form = parse(readFileSync(join(corpus.content, "forms", file), "utf8")) as { consent?: string } | null;
  tokens[`consent.${basename(file).replace(/\.ya?ml$/, "")}`] = form?.consent;
}
const tokenPattern = /\{\{\s*([\w.-]+)\s*\}\}/g;

// ---- fields (schemas/primitives.ts) ----

const nonEmpty = () => s.string().trim().min(1, "write some text here; it must not be empty");

/** Plain text: HTML tags and Markdown marks would show as typed. */
const markup = /<\/?[a-zA-Z][^>]*>|\*\*|__|\[[^\]]+\]\([^)]*\)/;
const plain = "this field is plain text: HTML and Markdown show as typed";
const text = () => nonEmpty().refine((value) => !markup.test(value), plain);

/** Markdown: tokens replaced, then compiled (and sanitised) by Velite's s.markdown(). */
const markdown = () =>
  nonEmpty()
    .transform((source, ctx) =>
      source.replace(tokenPattern, (whole, name: string) => {
        const value = tokens[name];
        if (value === undefined) ctx.addIssue({ code: "custom", message: `unknown placeholder "${whole}"` });
        return value ?? whole;
      }),
    )
    .pipe(s.markdown());

const id = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const routePattern = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;
const route = () => s.string().regex(routePattern, 'write a path that starts with "/", e.g. "/about"');
/** A reference to an entry or a form by id; that it exists is checked in `prepare`. */
const ref = () => s.string().regex(id, "write an id: lower-case letters, digits and hyphens");

/** A link target's form; that a route or anchor exists is checked in `prepare`. */
const linkTarget = () =>
  s
    .string()
    .refine(
      (to) =>
        to === "phone" ||
        to === "email" ||
        /^https:\/\/[^\s]+$/.test(to) ||
        /^(\/[^?#\s]*)?(\?[^#\s]*)?(#[A-Za-z][\w-]*)?$/.test(to),
      'write a page route such as "/contact", an anchor such as "#pricing", a full "https://" address, "phone" or "email"',
    );
const link = () => s.object({ label: text(), to: linkTarget() }).strict();

const iconNames = [
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
const icon = () => s.enum(iconNames);
const draft = () => s.boolean().default(false);
/** A window's date (schemas/schedule.ts): ISO 8601, the zone optional (then the site's). */
const when = () =>
  s
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)?$/i)
    .optional();
const schedule = { publishDate: when(), expiryDate: when() };
const card = () => s.object({ icon: icon(), title: text(), text: markdown() }).strict();

// ---- images (schemas/image.ts) ----

const imagePath = /^images\/[\w./-]+\.(?:svg|png|jpe?g|webp|avif|gif|SVG|PNG|JPE?G|WEBP|AVIF|GIF)$/;
/**
 * Content names a picture from the content folder; Velite resolves it from the file naming it. s.image()
 * copies it under a hashed name and reads its size and a blur placeholder with sharp; s.file() only copies.
 */
const imageSrc = () => {
  const path = s
    .string()
    .regex(imagePath, 'write the path of a file in content/images, e.g. "images/team/maria.jpg"')
    .transform((src, { meta }) => relative(dirname(meta.path), join(corpus.content, src)));
  return corpus.images === "file" ? path.pipe(s.file()).transform((src) => ({ src })) : path.pipe(s.image());
};
const alt = () => s.string().trim().min(1, "describe the picture for people who cannot see it (alt text)");
const percent = () => s.number().min(0).max(100);
const focus = () =>
  s
    .union([
      s.enum(["center", "top", "bottom", "left", "right", "top left", "top right", "bottom left", "bottom right"]),
      s.object({ x: percent(), y: percent() }).strict(),
    ])
    .default("center");
const image = () =>
  s
    .object({ src: imageSrc(), alt: alt() })
    .strict()
    .transform(({ src, alt }) => ({ ...src, alt }));
/** A picture cut to a shape (team photos): what stays in view may be named. */
const shapedImage = () =>
  s
    .object({ src: imageSrc(), alt: alt(), focus: focus() })
    .strict()
    .transform(({ src, alt, focus }) => ({ ...src, alt, focus }));

// ---- sections (sections/<type>/schema.ts) ----

const sectionBase = {
  anchor: s
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .optional(),
  eyebrow: text().optional(),
  heading: text(),
  intro: markdown().optional(),
  draft: draft(),
  ...schedule,
  background: s.enum(["plain", "tinted", "brand", "dark"]).default("plain"),
};
const section = <T extends string, S extends Parameters<typeof s.object>[0]>(type: T, shape: S) =>
  s.object({ type: s.literal(type), ...sectionBase, ...shape }).strict();

const sections = s.discriminatedUnion("type", [
  section("hero", {
    actions: s.array(link()).max(2).default([]),
    highlights: s.array(text()).default([]),
    image: image().optional(),
  }),
  section("about", {
    body: markdown(),
    image: image().optional(),
    assistHeading: text(),
    assist: s.array(card()).min(1),
    form: ref(),
  }),
  section("services", { services: s.array(ref()).min(1), buttonLabel: text(), form: ref() }),
  section("features", { items: s.array(card()).min(1) }),
  section("pricing", {
    plans: s.array(ref()).min(1),
    form: ref(),
    buttonLabel: text(),
    popularLabel: text(),
    periodLabel: text(),
    includesLabel: nonEmpty()
      .includes("{plan}", { message: 'include "{plan}" where the other plan\'s name goes' })
      .refine((value) => !markup.test(value), plain),
  }),
  section("team", { members: s.array(ref()).min(1) }),
  section("gallery", { images: s.array(s.object({ image: image(), caption: text().optional() }).strict()).min(1) }),
  section("testimonials", {
    testimonials: s.array(ref()).min(1),
    ratingLabel: nonEmpty()
      .includes("{rating}", { message: 'include "{rating}" where the number of stars goes' })
      .refine((value) => !markup.test(value), plain)
      .default("Rated {rating} out of 5"),
  }),
  section("callout", { tags: s.array(text()).default([]), image: image().optional(), action: link().optional() }),
  section("faq", { questions: s.array(ref()).min(1) }),
  section("form", { form: ref(), contactHeading: text().optional() }),
  section("prose", { body: markdown(), actions: s.array(link()).max(2).default([]) }),
]);

// ---- files (schemas/page.ts, collections.ts, form.ts, site.ts, redirects.ts) ----

const pageFields = {
  route: route(),
  title: text(),
  description: text(),
  draft: draft(),
  index: s.boolean().default(true),
  ...schedule,
};

/** The entry's id: its file name, as our pipeline adds it. */
const fileId = () => s.path().transform((path) => basename(path));

const pages = defineCollection({
  name: "Page",
  pattern: "pages/*.yaml",
  schema: s.object({ ...pageFields, sections: s.array(sections).min(1) }).strict(),
});

/** A Markdown page: the front matter, and the body compiled; shaped as ours, one prose section. */
const markdownPages = defineCollection({
  name: "MarkdownPage",
  pattern: "pages/*.md",
  schema: s
    .object({
      ...pageFields,
      heading: text().optional(),
      updated: s.string().date('write the date as YYYY-MM-DD, e.g. "2026-01-31"'),
      body: s
        .raw()
        .transform((source, ctx) =>
          source.replace(tokenPattern, (whole, name: string) => {
            const value = tokens[name];
            if (value === undefined) ctx.addIssue({ code: "custom", message: `unknown placeholder "${whole}"` });
            return value ?? whole;
          }),
        )
        .pipe(s.markdown()),
    })
    .strict()
    .transform(({ heading, body, ...page }) => ({
      ...page,
      sections: [
        {
          type: "prose" as const,
          heading: heading ?? page.title,
          body,
          draft: false,
          background: "plain" as const,
          actions: [],
        },
      ],
    })),
});

const services = defineCollection({
  name: "Service",
  pattern: "collections/services/*.yaml",
  schema: s
    .object({ id: fileId(), title: text(), icon: icon(), summary: markdown(), draft: draft(), ...schedule })
    .strict(),
});

const plans = defineCollection({
  name: "Plan",
  pattern: "collections/plans/*.yaml",
  schema: s
    .object({
      id: fileId(),
      name: text(),
      price: s.number().nonnegative(),
      currency: s
        .string()
        .regex(/^[A-Z]{3}$/)
        .default("USD"),
      summary: text(),
      includes: ref().optional(),
      features: s.array(text()).min(1),
      popular: s.boolean().default(false),
      draft: draft(),
      ...schedule,
    })
    .strict(),
});

const team = defineCollection({
  name: "TeamMember",
  pattern: "collections/team/*.yaml",
  schema: s
    .object({
      id: fileId(),
      name: text(),
      role: text(),
      bio: markdown(),
      photo: shapedImage(),
      draft: draft(),
      ...schedule,
    })
    .strict(),
});

const faq = defineCollection({
  name: "Question",
  pattern: "collections/faq/*.yaml",
  schema: s.object({ id: fileId(), question: text(), answer: markdown(), draft: draft(), ...schedule }).strict(),
});

const testimonials = defineCollection({
  name: "Testimonial",
  pattern: "collections/testimonials/*.yaml",
  schema: s
    .object({
      id: fileId(),
      quote: markdown(),
      name: text(),
      detail: text(),
      rating: s.number().int().min(1).max(5).optional(),
      draft: draft(),
      ...schedule,
    })
    .strict(),
});

const forms = defineCollection({
  name: "Form",
  pattern: "forms/*.yaml",
  schema: s
    .object({
      id: fileId(),
      title: text(),
      intro: markdown().optional(),
      fields: s
        .array(
          s
            .object({
              name: s.string().regex(/^[a-z][a-zA-Z]*$/),
              label: text(),
              type: s.enum(["text", "email", "tel"]).default("text"),
              autocomplete: s.string().regex(/^[a-z-]+(?: [a-z-]+)*$/),
              required: s.boolean().default(true),
              placeholder: text().optional(),
            })
            .strict(),
        )
        .min(1),
      submitLabel: text(),
      consent: text().optional(),
      failure: text().default("Your request could not be sent. Please try again, or call us at {phone}."),
      closeLabel: text().default("Close"),
      success: route(),
      note: markdown().optional(),
    })
    .strict(),
});

/** The digits a phone number dials, letters read as on a phone's keypad (schemas/site.ts). */
function dialledDigits(number: string): string {
  const keypad = "22233344455566677778889999";
  return number
    .toUpperCase()
    .replace(/[A-Z]/g, (letter) => keypad[letter.charCodeAt(0) - 65]!)
    .replace(/\D/g, "");
}

const site = defineCollection({
  name: "Site",
  pattern: "site.yaml",
  single: true,
  schema: s
    .object({
      company: s.object({ name: text(), tagline: text(), logo: image() }).strict(),
      contact: s
        .object({
          phone: s
            .object({ display: text(), e164: s.string().regex(/^\+[1-9]\d{6,14}$/) })
            .strict()
            .refine(
              ({ display, e164 }) => e164.replace(/\D/g, "").endsWith(dialledDigits(display)),
              'the number shown ("display") is not the number dialled ("e164"): change both together',
            ),
          email: s.string().email(),
          address: s
            .object({
              street: text(),
              city: text(),
              region: text(),
              postalCode: text(),
              country: s.string().regex(/^[A-Z]{2}$/),
            })
            .strict(),
          hours: text(),
        })
        .strict(),
      navigation: s
        .object({
          header: s.array(link()).min(1),
          footer: s.array(link()).min(1),
          skipLink: text().default("Skip to main content"),
        })
        .strict(),
      footer: s
        .object({
          disclaimer: markdown(),
          copyright: text(),
          contactHeading: text().default("Contact"),
          linksHeading: text().default("Company"),
        })
        .strict(),
      callButton: s.object({ label: text() }).strict(),
      analytics: s
        .object({
          gtmContainerId: s
            .string()
            .regex(/^GTM-[A-Z0-9]+$/)
            .optional(),
        })
        .strict(),
      seo: s
        .object({
          siteUrl: s.string().url().startsWith("https://"),
          titleTemplate: s.string().includes("%s"),
          description: text(),
          socialImage: image(),
          favicon: image(),
          themeColor: s.string().regex(/^#[0-9a-fA-F]{6}$/),
          locale: s
            .string()
            .regex(/^[a-z]{2}-[A-Z]{2}$/)
            .default("en-US"),
        })
        .strict(),
      notFoundRoute: route(),
      timeZone: s.string().optional(),
    })
    .strict(),
});

// content/leads.yaml (schemas/leads.ts): where leads go and how long they are kept.
const leads = defineCollection({
  name: "Leads",
  pattern: "leads.yaml",
  single: true,
  schema: s
    .object({
      recipients: s.array(s.string().email()).default([]),
      webhooks: s.array(s.string().url().startsWith("https://")).default([]),
      retentionDays: s.number().int().min(1).max(3650).default(365),
    })
    .strict(),
});

const redirects = defineCollection({
  name: "Redirects",
  pattern: "redirects.yaml",
  single: true,
  schema: s
    .object({
      redirects: s
        .array(
          s
            .object({
              from: s
                .string()
                .regex(/^(?:\/[A-Za-z0-9._~-]+)+$/, 'write the old path, e.g. "/old-page"')
                .refine(
                  (from) => !/^\/(?:404\.html|index\.html|robots\.txt|sitemap\.xml|assets|media|admin|_)/i.test(from),
                ),
              to: s.string().regex(/^(?:https:\/\/[^\s/]+\.[^\s]*|\/[^?#\s]*(?:#[A-Za-z][\w-]*)?)$/),
              permanent: s.boolean().default(true),
            })
            .strict(),
        )
        .default([]),
    })
    .strict(),
});

// ---- what no single file can check: the `prepare` hook, with every collection parsed ----

type Data = Record<string, unknown>;
const records = (value: unknown): Data[] => (Array.isArray(value) ? (value as Data[]) : []);

/** Every problem that needs more than one file; drafts are left out of the output, as in our build. */
function crossFile(data: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const allPages = [...records(data.pages), ...records(data.markdownPages)];
  const ids: Record<string, Set<string>> = {};
  for (const name of ["services", "plans", "team", "faq", "testimonials", "forms"]) {
    ids[name] = new Set(records(data[name]).map((entry) => String(entry.id)));
  }
  const drafts = new Set<string>();
  for (const name of ["services", "plans", "team", "faq", "testimonials"]) {
    for (const entry of records(data[name])) if (entry.draft === true) drafts.add(`${name}:${String(entry.id)}`);
  }
  const routes = new Map<string, Data>();
  const anchors = new Map<string, Set<string>>();
  for (const page of allPages) {
    const path = String(page.route);
    if (routes.has(path)) problems.push(`the route "${path}" is used by two pages`);
    routes.set(path, page);
    anchors.set(
      path,
      new Set(records(page.sections).flatMap((section) => (section.anchor ? [String(section.anchor)] : []))),
    );
  }
  const allAnchors = new Set([...anchors.values()].flatMap((set) => [...set]));

  const checkRef = (kind: string, value: unknown, where: string) => {
    if (!ids[kind]!.has(String(value))) problems.push(`${where}: unknown ${kind} "${String(value)}"`);
    else if (drafts.has(`${kind}:${String(value)}`))
      problems.push(`${where}: the ${kind} "${String(value)}" is a draft`);
  };
  const checkLink = (to: string, here: string | undefined, where: string) => {
    if (!(to.startsWith("/") || to.startsWith("#"))) return;
    const path = to.startsWith("#") ? here : to.replace(/[?#].*$/, "");
    const anchor = /#(.+)$/.exec(to)?.[1];
    const page = path === undefined ? undefined : routes.get(path);
    if (path !== undefined && !page) problems.push(`${where}: no page has the route "${path}"`);
    else if (page?.draft === true) problems.push(`${where}: the page "${path}" is a draft`);
    else if (anchor !== undefined && !(path === undefined ? allAnchors : anchors.get(path)!).has(anchor)) {
      problems.push(`${where}: no section has the anchor "${anchor}"`);
    }
  };
  /** Links everywhere in a value: `to` fields, and the links in its compiled Markdown. */
  const walkLinks = (value: unknown, here: string | undefined, where: string): void => {
    if (typeof value === "string") {
      for (const match of value.matchAll(/href="([/#][^"]*)"/g)) checkLink(match[1]!, here, where);
    } else if (Array.isArray(value)) {
      for (const item of value) walkLinks(item, here, where);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key === "to" && typeof item === "string") checkLink(item, here, where);
        else walkLinks(item, here, where);
      }
    }
  };

  const referenceFields: Record<string, Record<string, string>> = {
    about: { form: "forms" },
    services: { services: "services", form: "forms" },
    pricing: { plans: "plans", form: "forms" },
    team: { members: "team" },
    testimonials: { testimonials: "testimonials" },
    faq: { questions: "faq" },
    form: { form: "forms" },
  };
  for (const page of allPages) {
    const here = String(page.route);
    for (const section of records(page.sections)) {
      for (const [field, kind] of Object.entries(referenceFields[String(section.type)] ?? {})) {
        const value = section[field];
        for (const item of Array.isArray(value) ? value : [value]) checkRef(kind, item, `page ${here}`);
      }
    }
    walkLinks(page.sections, here, `page ${here}`);
  }
  let popular = 0;
  for (const plan of records(data.plans)) {
    if (plan.includes !== undefined) {
      checkRef("plans", plan.includes, `plan ${String(plan.id)}`);
      if (plan.includes === plan.id) problems.push(`plan ${String(plan.id)}: a plan cannot include itself`);
    }
    if (plan.popular === true && ++popular > 1) problems.push(`plan ${String(plan.id)}: only one plan may be popular`);
  }
  for (const name of ["services", "plans", "team", "faq", "testimonials", "forms"]) {
    for (const entry of records(data[name])) walkLinks(entry, undefined, `${name} ${String(entry.id)}`);
  }
  for (const form of records(data.forms)) checkLink(String(form.success), undefined, `form ${String(form.id)}`);
  const siteValue = data.site as Data;
  walkLinks(siteValue, undefined, "site.yaml");
  checkLink(String(siteValue.notFoundRoute), undefined, "site.yaml notFoundRoute");
  const seen = new Set<string>();
  for (const redirect of records((data.redirects as Data).redirects)) {
    const from = String(redirect.from);
    if (seen.has(from)) problems.push(`redirects: "${from}" is redirected twice`);
    seen.add(from);
    if (routes.has(from)) problems.push(`redirects: "${from}" is the address of a page`);
    checkLink(String(redirect.to), undefined, `redirect ${from}`);
  }
  return problems;
}

/**
 * Whether an item is inside its window now (publishDate, expiryDate). Velite has no time zones of its
 * own: a date without a zone is read in the machine's, not the site's (the corpus has no windows).
 */
const now = Date.now();
const shown = (item: Data) =>
  item.draft !== true &&
  !(typeof item.publishDate === "string" && Date.parse(item.publishDate) > now) &&
  !(typeof item.expiryDate === "string" && Date.parse(item.expiryDate) <= now);

/** The published site: drafts and what is outside its window (pages, sections, entries) left out. */
function leaveOutDrafts(data: Record<string, unknown>): void {
  for (const name of ["services", "plans", "team", "faq", "testimonials"]) {
    data[name] = records(data[name]).filter(shown);
  }
  // One list of pages, sorted by route as ours: YAML pages and Markdown pages.
  data.pages = [...records(data.pages), ...records(data.markdownPages)]
    .filter(shown)
    .map((page): Data => ({ ...page, sections: records(page.sections).filter(shown) }))
    .sort((a, b) => String(a.route).localeCompare(String(b.route)));
  delete data.markdownPages;
}

/** GitHub's sanitising schema plus tel: links: the one scripts/content/stages/markdown.ts uses. */
const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: [...(defaultSchema.protocols?.href ?? []), "tel"] },
};

export default defineConfig({
  root: corpus.content,
  strict: true,
  output: { data: corpus.data, assets: corpus.assets, base: "/media/", name: "[name]-[hash:10].[ext]", clean: false },
  markdown: { gfm: false, rehypePlugins: [[rehypeSanitize, sanitizeSchema]] },
  collections: { site, leads, redirects, pages, markdownPages, services, plans, team, faq, testimonials, forms },
  prepare: (data) => {
    const problems = crossFile(data);
    if (problems.length > 0) throw new Error(`${problems.length} problems:\n${problems.slice(0, 50).join("\n")}`);
    leaveOutDrafts(data);
  },
});
