/**
 * References name a kind the compiler knows, keep it in their parsed type, carry it as metadata, and
 * every check that needs other files fails closed when a schema is built without the content context.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import {
  collectionSchemas,
  image,
  kindNamed,
  link,
  markdown,
  noFile,
  page,
  redirects,
  ref,
  referenceOf,
  site,
  withoutContext,
  type ContentFacts,
  type Reference,
  type SectionOf,
  type TeamMember,
} from "../../schemas/index.ts";
import { pricingSection } from "../../sections/pricing/schema.ts";
import type { useEntries } from "../../ui/content/ContentProvider.tsx";
import { renderSchemaFiles } from "../../scripts/generate/json-schema.ts";
import { problemsIn } from "./helpers.ts";

/** A content context that knows one plan and one page, for the checks that pass with it. */
function facts(): ContentFacts {
  return {
    known: true,
    ids: { plans: ["starter"], forms: [] },
    routes: ["/"],
    routesUnknown: false,
    anchors: { "/": ["pricing"] },
    resolveImage: (input) => ({ src: `/media/${input.src}`, alt: input.alt, width: 800, height: 600 }),
    markdown: (source) => ({ html: `<p>${source}</p>`, problems: [] }),
    drafts: { ids: {}, routes: [], anchors: {} },
    redirects: [],
    notFoundRoute: undefined,
    timeZone: undefined,
    unshown: { routes: {}, items: [] },
    file: noFile(),
  };
}

const noContextMessage = /without the content context/;

/** The messages of a parse that must fail. */
function failures(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => issue.message);
}

describe("references", () => {
  it("accept only the kinds that exist (a wrong kind does not compile)", () => {
    // @ts-expect-error "faqs" is not a kind of content: the collection is "faq".
    expect(() => ref(withoutContext, "faqs")).toThrow();
  });

  it("keep their kind in the parsed value and in its type", () => {
    const plan = ref(facts(), "plans");
    expect(plan.parse("starter")).toEqual({ kind: "plans", id: "starter" });
    expectTypeOf(plan.parse("starter")).toEqualTypeOf<Reference<"plans">>();
    // A list of references resolves to the entries of its own collection, with no kind named again.
    expectTypeOf<ReturnType<typeof useEntries<"team">>>().toEqualTypeOf<TeamMember[]>();
    const questions: SectionOf<"faq">["questions"] = [{ kind: "faq", id: "what-we-fix" }];
    // @ts-expect-error a list of questions is not a list of team members.
    const members: SectionOf<"team">["members"] = questions;
    expect(members).toBe(questions);
  });

  it("carry their target in metadata, read by the JSON Schema", () => {
    const pricing = pricingSection(withoutContext);
    expect(referenceOf(pricing.shape.form)).toBe("forms");
    expect(referenceOf(pricing.shape.plans.element)).toBe("plans");
    expect(referenceOf(pricing.shape.heading)).toBeUndefined();
    const json = JSON.parse(renderSchemaFiles().get("schemas/json/pages.schema.json")!) as unknown;
    expect(JSON.stringify(json)).toContain('"reference":"plans"');
  });

  it("are checked against the ids that exist when validated through the pipeline", () => {
    expect(problemsIn({})).toEqual([]);
  });
});

describe("a schema built without the content context fails closed", () => {
  it("for a reference", () => {
    expect(failures(ref(withoutContext, "plans"), "starter")).toEqual([expect.stringMatching(noContextMessage)]);
    expect(ref(facts(), "plans").safeParse("starter").success).toBe(true);
  });

  it("for a link and an anchor", () => {
    expect(failures(link(withoutContext), { label: "Contact", to: "/" })).toEqual([expect.stringMatching(noContextMessage)]);
    expect(failures(link(withoutContext), { label: "Prices", to: "#pricing" })).toEqual([
      expect.stringMatching(noContextMessage),
    ]);
    const known = facts();
    known.file = { route: "/", allowDraftReferences: false };
    expect(link(known).safeParse({ label: "Prices", to: "#pricing" }).success).toBe(true);
  });

  it("for a picture", () => {
    expect(failures(image(withoutContext, "hero"), { src: "images/banner.svg", alt: "A banner" })).toEqual([
      expect.stringMatching(noContextMessage),
    ]);
    expect(image(facts(), "hero").safeParse({ src: "images/banner.svg", alt: "A banner" }).success).toBe(true);
  });

  it("for Markdown", () => {
    expect(failures(markdown(withoutContext), "Some **text**.")).toEqual([expect.stringMatching(noContextMessage)]);
    expect(markdown(facts()).parse("Some text.")).toBe("<p>Some text.</p>");
  });

  it("for a redirect, at both addresses", () => {
    const file = { redirects: [{ from: "/old", to: "/" }] };
    expect(failures(redirects(withoutContext), file)).toEqual([
      expect.stringMatching(noContextMessage),
      expect.stringMatching(noContextMessage),
    ]);
    expect(redirects(facts()).safeParse(file).success).toBe(true);
  });

  it("for whole files", () => {
    const home = { route: "/", title: "t", description: "d", sections: [{ type: "prose", heading: "h", body: "b" }] };
    expect(failures(page(withoutContext), home)).toEqual([expect.stringMatching(noContextMessage)]);
    expect(page(facts()).safeParse(home).success).toBe(true);
    expect(site(withoutContext).safeParse({}).success).toBe(false);
  });

  it("while each context builds its schemas once, for every file it validates", () => {
    const known = facts();
    expect(page(known)).toBe(page(known));
    expect(collectionSchemas(known)).toBe(collectionSchemas(known));
    expect(collectionSchemas(known).plans).toBe(kindNamed("plans")!.schema(known));
    expect(page(known)).not.toBe(page(facts()));
    expect(page(withoutContext)).toBe(page(withoutContext));
  });
});
