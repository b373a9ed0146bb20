/** Site settings: content/site.yaml, one file. */
import { z } from "zod";
import { image } from "./image.ts";
import { perContext, type ContentContext } from "./context.ts";
import { dialledNumberProblem, shownNumberProblem } from "./phone-number.ts";
import { link, markdown, pageRoute, ref, text } from "./primitives.ts";
import { privacySettings } from "./privacy.ts";
import { isTimeZone } from "./schedule.ts";

export const phone = z
  .strictObject({
    display: text
      .meta({ title: "Number shown" })
      .describe('The number as visitors read it, e.g. "1-800-555-0142". It must be the number dialled.'),
    e164: z
      .string()
      // The shape, for editors' hints (JSON Schema, /admin/); whether it can be called is below.
      .regex(/^\+[1-9]\d{6,14}$/, {
        error: (issue) =>
          (typeof issue.input === "string" ? dialledNumberProblem(issue.input) : undefined) ??
          dialledNumberProblem("")!,
        abort: true,
      })
      .superRefine((dialled, ctx) => {
        const problem = dialledNumberProblem(dialled);
        if (problem) ctx.addIssue({ code: "custom", input: dialled, message: problem });
      })
      .meta({ title: "Number dialled" })
      .describe(
        'The same number for phones to dial: "+", the country code and the digits, no spaces, e.g. "+18005550142". It must be a number that can be called, and the number shown.',
      ),
  })
  .superRefine(({ display, e164 }, ctx) => {
    // The page shows `display` and every call link dials `e164`: a change to one alone is a wrong
    // number. Compared only once the number dialled can be called (else that is the one problem).
    if (dialledNumberProblem(e164)) return;
    const problem = shownNumberProblem(display, e164);
    if (problem) ctx.addIssue({ code: "custom", path: ["e164"], input: e164, message: problem });
  });

export const address = z.strictObject({
  street: text.describe("Street and number, suite."),
  city: text.describe("City or town."),
  region: text.describe('State, e.g. "CA".'),
  postalCode: text.describe('ZIP code, e.g. "90210".'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'write a two-letter country code, e.g. "US"' })
    .describe(
      'Two-letter country code, e.g. "US". Visitors\' phone numbers written without "+" on the forms are read as numbers of this country.',
    ),
});

/**
 * A list of links in one navigation (the header's, the footer's): each link's words are its own. Two
 * links with the same words sound the same to a visitor whose screen reader lists the links
 * (WCAG 2.4.4, link purpose), so the second is refused at its line.
 */
const linkList = (c: ContentContext) =>
  z
    .array(link(c))
    .min(1)
    .superRefine((links, ctx) => {
      const seen = new Map<string, number>();
      links.forEach((item, index) => {
        const words = item.label.trim().replace(/\s+/g, " ").toLowerCase();
        const first = seen.get(words);
        if (first === undefined) {
          seen.set(words, index);
          return;
        }
        ctx.addIssue({
          code: "custom",
          path: [index, "label"],
          input: item.label,
          message:
            `"${item.label}" is already the words of link ${first + 1} in this list: a visitor using a screen reader could not tell the two apart. ` +
            "Give this link words that say where it leads, or remove one of them",
        });
      });
    });

/** What search engines and social networks see: site.yaml's `seo`. */
const searchSettings = (c: ContentContext) =>
  z
    .strictObject({
      siteUrl: z
        .url({ protocol: /^https$/, error: 'write the site\'s full address, e.g. "https://www.example.com"' })
        .describe("The public address of the site, for canonical links and the sitemap."),
      titleTemplate: z
        .string()
        .includes("%s", { error: 'include "%s" where the page title goes, e.g. "%s | Company"' })
        .describe('How page titles are shown; "%s" is replaced by the page\'s title, e.g. "%s | Company".'),
      description: text.describe("Used when a page has no description of its own."),
      socialImage: image(c, "social"),
      favicon: image(c, "favicon"),
      themeColor: z
        .string()
        .regex(/^#[0-9a-fA-F]{6}$/, { error: 'write a colour like "#0b5fff"' })
        .describe('The colour of the browser\'s bar on phones, e.g. "#0b4f9c".'),
      locale: z
        .string()
        .regex(/^[a-z]{2}-[A-Z]{2}$/, { error: 'write a locale like "en-US"' })
        .default("en-US")
        .describe("Language and region of the text."),
    })
    .describe("What search engines and social networks see.");

/** The English words of the pages of entries, when site.yaml gives none of its own. */
const defaultWords = {
  published: "Published",
  updated: "Updated",
  by: "By",
  minutesRead: "min read",
  onThisPage: "On this page",
  tagged: "Tags",
  related: "Related",
  home: "Home",
  previous: "Previous page",
  next: "Next page",
  pageOf: "Page %n of %total",
  tagHeading: "%kind: %name",
  authorHeading: "%kind by %name",
};

const word = (name: keyof typeof defaultWords, meaning: string) => text.default(defaultWords[name]).describe(meaning);

/** What the pages of guides and case studies say around their content, and how each ends. */
const entryPages = (c: ContentContext) =>
  z
    .strictObject({
      callToAction: z
        .strictObject({
          heading: text.describe(
            'The heading at the end of every guide and case study, e.g. "Still stuck? We can fix it for you".',
          ),
          intro: markdown(c).optional().describe("A sentence under it (Markdown); {{phone}} writes the number."),
          form: ref(c, "forms").describe("The form shown there, e.g. callback."),
        })
        .optional()
        .describe("How every guide and case study ends: a heading, the form and the phone number."),
      words: z
        .strictObject({
          published: word("published", "Before the date an entry was published."),
          updated: word("updated", "Before the date it last changed."),
          by: word("by", "Before the author's name."),
          minutesRead: word("minutesRead", 'After the reading time\'s number: "4 min read".'),
          onThisPage: word("onThisPage", "The heading of a long entry's table of contents."),
          tagged: word("tagged", "Before an entry's tags."),
          related: word("related", "The heading of the related entries at the end of a page."),
          home: word("home", "The first link of the breadcrumbs."),
          previous: word("previous", "The link to a listing's page before."),
          next: word("next", "The link to a listing's page after."),
          pageOf: word("pageOf", 'A listing\'s page number: "%n" and "%total" are replaced.'),
          tagHeading: word(
            "tagHeading",
            'The heading of a tag\'s page: "%kind" is the kind\'s title, "%name" the tag\'s.',
          ),
          authorHeading: word("authorHeading", "The heading of an author's page."),
        })
        .default(defaultWords)
        .describe("The words around the content of every guide and case study, and of their listings."),
    })
    .default({ words: defaultWords })
    .describe("The pages of guides and case studies: how they end, and the words around their content.");

/** The schema of content/site.yaml, built once per context. */
export const site = perContext((c: ContentContext) =>
  z.strictObject({
    company: z
      .strictObject({
        name: text.describe("The company's name as shown everywhere."),
        tagline: text.describe("A few words under the name."),
        logo: image(c, "logo"),
      })
      .describe("Who we are: the name, tagline and logo in the header."),
    contact: z
      .strictObject({
        phone: phone.describe("The 24/7 toll-free number. The only place it is written."),
        email: z
          .email({ error: 'write an e-mail address, e.g. "help@example.com"' })
          .describe("Support e-mail address."),
        address: address.describe("Postal address shown in the footer."),
        hours: text.describe('When support is open, e.g. "24 hours a day, 7 days a week".'),
      })
      .describe("How visitors reach us; shown in the footer and on the contact page."),
    navigation: z
      .strictObject({
        header: linkList(c).meta({ title: "Header links" }).describe("Links in the header, in order."),
        footer: linkList(c).meta({ title: "Footer links" }).describe("Links in the footer, in order."),
        skipLink: text.default("Skip to main content").describe("The hidden link keyboard users see first."),
      })
      .describe("The links in the header and the footer."),
    footer: z
      .strictObject({
        disclaimer: markdown(c).describe("The independence disclaimer shown in every footer (Markdown)."),
        copyright: text.describe('Shown after "©" and the year, e.g. "Example Inc. All rights reserved.".'),
        contactHeading: text.default("Contact").describe("Heading above the footer's contact details."),
        linksHeading: text.default("Company").describe("Heading above the footer's links."),
        legalLinks: linkList(c)
          .optional()
          .meta({ title: "Legal links" })
          .describe(
            "The legal links (privacy policy, terms) that a campaign landing page's footer shows in place of the footer's links, e.g. /privacy and /terms. Left out, a landing page's footer shows no links but Your Privacy Choices.",
          ),
      })
      .describe("What the footer says besides its links."),
    callButton: z
      .strictObject({
        label: text.describe('The floating call button\'s words, e.g. "24X7 Toll Free Number".'),
      })
      .describe("The floating button that calls the toll-free number, on every page."),
    analytics: z
      .strictObject({
        gtmContainerId: z
          .string()
          .regex(/^GTM-[A-Z0-9]+$/, { error: 'write a Tag Manager container id, e.g. "GTM-ABC1234", or leave it out' })
          .optional()
          .describe("Google Tag Manager container id. When left out nothing third-party loads."),
      })
      .describe("Analytics: page views, calls and leads sent go to the data layer."),
    entryPages: entryPages(c),
    privacy: privacySettings(c),
    seo: searchSettings(c),
    notFoundRoute: pageRoute(c).describe('The address of the page shown for addresses that do not exist, e.g. "/404".'),
    timeZone: z
      .string()
      .refine(isTimeZone, {
        error: 'write a time zone\'s name, e.g. "America/New_York", "Europe/London" or "UTC"',
      })
      .optional()
      .meta({ title: "Time zone" })
      .describe(
        'The site\'s time zone, e.g. "America/New_York": scheduled dates (Show from, Show until) written without a zone are times there.',
      ),
  }),
);

export type Site = z.output<ReturnType<typeof site>>;
