/**
 * The visitor's privacy choices (site.yaml's `privacy`): which regime the site runs under (opt-out for
 * a US site, opt-in for the EEA and the UK), and every word of the "Your Privacy Choices" link and
 * dialog and of the opt-in banner. The browser side is ui/consent/; decision 0044.
 */
import { z } from "zod";
import type { ContentContext } from "./context.ts";
import { markdown, pageRoute, text } from "./primitives.ts";

/** The regimes, in the words the site settings use (the browser reads them too: ui/consent/state.ts). */
export const consentRegimes = ["opt-out", "opt-in"] as const;
export type ConsentRegime = (typeof consentRegimes)[number];

const choices = (c: ContentContext) =>
  z
    .strictObject({
      link: text
        .default("Your Privacy Choices")
        .describe(
          'The link in every footer that opens the choices, beside the California Privacy Protection Agency\'s icon. California\'s regulations name it: "Your Privacy Choices" or "Your California Privacy Choices".',
        ),
      page: pageRoute(c)
        .optional()
        .describe(
          'The page the link opens in a browser without JavaScript (where no tag ever loads), e.g. "/privacy": the page that says what the choices do.',
        ),
      heading: text.default("Your Privacy Choices").describe("The dialog's heading."),
      intro: markdown(c)
        .optional()
        .describe(
          "What the choice does, in a sentence or two above the options (Markdown, may link to the privacy page).",
        ),
      allow: text
        .default("Allow the sale and sharing of my personal information for targeted advertising")
        .describe("The option that allows advertising tags to use the visit (the default under the opt-out regime)."),
      optOut: text
        .default("Opt out of the sale and sharing of my personal information and of targeted advertising")
        .describe(
          "The option that opts out: advertising tags get no consent (ad_storage, ad_user_data, ad_personalization denied).",
        ),
      save: text.default("Save my choice").describe("The button that keeps the choice and applies it at once."),
      close: text.default("Close").describe("The button that closes the dialog without changing anything."),
      signalHonored: text
        .default("Opt-out preference signal honored")
        .describe(
          'Shown in the dialog to a visitor whose browser sends Global Privacy Control: California requires showing that the signal was processed, e.g. "Opt-out preference signal honored".',
        ),
    })
    .prefault({})
    .describe('The "Your Privacy Choices" link in every footer and the dialog it opens.');

const banner = (c: ContentContext) =>
  z
    .strictObject({
      label: text.default("Cookies and advertising").describe("The banner's name, read out by screen readers."),
      text: markdown(c)
        .optional()
        .describe("What the banner asks, in a sentence or two (Markdown, may link to the privacy page)."),
      acceptAll: text
        .default("Accept all")
        .describe("Grants every purpose. It looks and weighs the same as Reject all."),
      rejectAll: text
        .default("Reject all")
        .describe("Denies every purpose. It looks and weighs the same as Accept all."),
      more: text
        .default("Choose")
        .describe("The button that opens the choices dialog from the banner, to choose with its options."),
    })
    .prefault({})
    .describe("The banner shown on a visitor's first page under the opt-in regime, until they choose.");

/** site.yaml's `privacy`, built once per context (site.ts). */
export const privacySettings = (c: ContentContext) =>
  z
    .strictObject({
      regime: z
        .enum(consentRegimes, { error: 'write "opt-out" (a US site) or "opt-in" (a site for the EEA or the UK)' })
        .default("opt-out")
        .describe(
          'How advertising and analytics tags may use a visit before the visitor chooses. "opt-out" (a US site): allowed until the visitor opts out or their browser sends Global Privacy Control. "opt-in" (the EEA, the UK): not allowed until the visitor accepts, with a banner whose "Accept all" and "Reject all" weigh the same. Which one applies is the company\'s legal decision.',
        ),
      choices: choices(c),
      banner: banner(c),
    })
    .prefault({})
    .describe("Visitors' privacy choices: the regime, the footer's link and dialog, the opt-in banner.");

export type PrivacySettings = z.output<ReturnType<typeof privacySettings>>;
