/**
 * What the tests expect, read from the content they run on: never from literals, so a marketer's
 * valid edit (a price, a label, a new page) cannot turn a test red. Shared by the component tests
 * (content through the pipeline) and the browser tests (the generated modules the build used).
 */
import type {
  AppContent,
  Collections,
  Entry,
  Form,
  PageData,
  Reference,
  Section,
  SectionOf,
  SectionType,
  Site,
} from "../schemas/index.ts";
import { exampleNumber, visitorNumberProblem } from "../schemas/phone-number.ts";

/** The content the app reads (its type derives from the table of kinds), with every page. */
export type ContentFacts = AppContent & { pages: PageData[] };

/** The `href` a content link target becomes: "phone" and "email" dial and write. */
export function hrefOf(site: Site, to: string): string {
  if (to === "phone") return `tel:${site.contact.phone.e164}`;
  if (to === "email") return `mailto:${site.contact.email}`;
  return to;
}

/** The text a visitor reads in compiled Markdown: tags removed, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  const entities: Record<string, string> = {
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    "#39": "'",
    "#x27": "'",
    nbsp: " ",
  };
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#?\w+);/g, (whole, name: string) => entities[name] ?? whole)
    .replace(/\s+/g, " ")
    .trim();
}

/** The postal address as the contact list prints it. */
export function addressLine(site: Site): string {
  const a = site.contact.address;
  return `${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
}

/** Every section of a type on every page, with its page, in route order. */
export function sectionsOf<T extends SectionType>(
  pages: readonly PageData[],
  type: T,
): { page: PageData; section: SectionOf<T> }[] {
  return [...pages]
    .sort((a, b) => a.route.localeCompare(b.route))
    .flatMap((page) =>
      page.sections.filter((s: Section): s is SectionOf<T> => s.type === type).map((section) => ({ page, section })),
    );
}

/** A section that has a heading: a region (landmark) named by it (ui/sections/SectionFrame.tsx). */
export type Headed<S extends Section = Section> = S & { heading: string };

/**
 * The sections of `list` that are regions named by their heading, which a test finds by role and
 * name as a person does. A section without a heading is no landmark (or is named by a field of its
 * own type), so a test that looks for regions leaves it out.
 */
export function headed<S extends Section, T extends { section: S }>(
  list: readonly T[],
): (T & { section: Headed<S> })[] {
  return list.filter((item): item is T & { section: Headed<S> } => item.section.heading !== undefined);
}

/**
 * Which of the page's regions named like `section` it is (0 for the first): two sections may share a
 * heading, and one heading may be the start of another ("Plans", "Plans for business"), so a test
 * finds a section by its exact name and this index, never by its name alone.
 */
export function regionIndex(page: PageData, section: Headed): number {
  return page.sections.slice(0, page.sections.indexOf(section)).filter((s) => s.heading === section.heading).length;
}

/** The entries a section lists, in its order: each reference names its collection. */
export function entries<C extends keyof Collections>(
  collections: Collections,
  references: readonly Reference<C>[],
): Entry<C>[] {
  return references.map(({ kind, id }) => (collections[kind] as Entry<C>[]).find((entry) => entry.id === id)!);
}

/**
 * The page's main heading: the first section's heading (the content check refuses a first section
 * without one); an entry's title, a listing's heading (its first page's; "(Page 2 of 3)" after it on the others).
 */
export function mainHeading(page: PageData): string {
  if (page.entry) return page.entry.title;
  // A listing's h1 is its title: its heading, and after its first page which page it is.
  if (page.listing) return page.title;
  const heading = page.sections[0]?.heading;
  if (heading === undefined)
    throw new Error(`${page.route}: the first section has no heading, which the content check refuses`);
  return heading;
}

/** The id of the form a section shows inline, if it shows one. */
export function inlineForm(section: Section): string | undefined {
  return section.type === "about" || section.type === "form" ? section.form.id : undefined;
}

/**
 * A made-up visitor's phone number that can be called, written as people in the site's country write
 * their own (its address's country): that country's example number, its last two digits made `n`
 * where that is still a number that can be called (so leads can differ), else the example as it is.
 */
export function visitorPhone(site: Site, n = 0): string {
  const country = site.contact.address.country;
  const example = exampleNumber(country);
  if (!example) throw new Error(`no example phone number for the site's country "${country}"`);
  const varied = example.national.replace(/\d\d(?=\D*$)/, String(n % 100).padStart(2, "0"));
  return visitorNumberProblem(varied, country) ? example.national : varied;
}

/** A made-up visitor's answer for each field of a form, by the field's type. */
export function answers(form: Form, site: Site): { label: string; value: string }[] {
  const sample = { text: "Pat Example", email: "pat@example.com", tel: visitorPhone(site) } as const;
  return form.fields.map((field) => ({ label: field.label, value: sample[field.type] }));
}

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The pages a browser test visits: every page written in content/pages/, and of the many alike that
 * the kinds with pages make (stages/entry-pages.ts), a sample from the kind with the most entries: its
 * longest entry (a table of contents, pictures), its listing's first page and a tag's page. Two dozen
 * more guides add no browser time; what they share is proved on these three (and every built page
 * passes the HTML check, tests/e2e/html-validity.spec.ts).
 */
export function pagesToVisit(pages: readonly PageData[]): PageData[] {
  const written = pages.filter((page) => !page.entry && !page.listing);
  const entries = pages.filter((page) => page.entry);
  const count = (kind: string) => entries.filter((page) => page.entry!.kind === kind).length;
  const kind = [...new Set(entries.map((page) => page.entry!.kind))].sort((a, b) => count(b) - count(a))[0];
  const size = (page: PageData) => page.entry!.toc.length * 1000 + page.entry!.readingMinutes;
  const longest = entries.filter((page) => page.entry!.kind === kind).sort((a, b) => size(b) - size(a))[0];
  const listing = pages.find(
    ({ listing: l }) => l !== undefined && l.kind === kind && l.by.type === "all" && l.page === 1,
  );
  const tag = pages.find(({ listing: l }) => l !== undefined && l.kind === kind && l.by.type === "tag");
  return [...written, ...[longest, listing, tag].filter((page): page is PageData => page !== undefined)];
}
