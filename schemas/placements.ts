/**
 * Where pictures are shown (`placements`) and what a picture is before and after the pipeline
 * resolves it. A leaf module: the content context (context.ts) and the image schema (image.ts) both
 * read these, and neither imports the other for them.
 */

/**
 * A place in the layout where a picture is shown, as the CSS lays it out (site.css and each section's
 * own, sections/<type>/<type>.css). `shownAt` and `sizes` must agree with the CSS: the browser test
 * (tests/e2e/images.spec.ts) measures every picture at several screen widths against them.
 */
export interface Placement {
  /** What a marketer calls the place, for messages and the content guide. */
  label: string;
  /** The folder of content/images its pictures live in (the CMS uploads there); none: the top. */
  folder?: string;
  /** The widest the layout ever shows the picture, in CSS pixels. */
  shownAt: number;
  /** Image pixels per CSS pixel needed to look sharp: 2 on pages (high-density screens), 1 elsewhere. */
  density: number;
  /** The `sizes` attribute: how wide the picture is shown at each screen width. Empty: not in a page. */
  sizes: string;
  /** Width ÷ height of the fixed shape the picture is cut to (1: a square or a circle). */
  aspect?: number;
  /** Made as JPEG or PNG only: social networks and browser icons do not take AVIF or WebP. */
  fallbackOnly?: boolean;
}

// A picture beside the text of a two-column section (.split): the full width of the column on
// phones and tablets, at most 40rem (hero.css, about.css, callout.css), 45% of the row on wide screens.
const besideText =
  "(min-width: 72rem) 29.25rem, (min-width: 56rem) calc(45vw - 3.15rem), (min-width: 44rem) 40rem, (min-width: 40rem) calc(100vw - 4rem), calc(100vw - 2rem)";

export const placements = {
  logo: { label: "the logo in the header", shownAt: 184, density: 2, sizes: "11.5rem" },
  hero: {
    label: "the picture of a hero section (the banner at the top of a page)",
    shownAt: 640,
    density: 2,
    sizes: besideText,
  },
  about: {
    label: "the picture of an about section",
    shownAt: 640,
    density: 2,
    sizes:
      "(min-width: 72rem) 35.75rem, (min-width: 56rem) calc(55vw - 3.85rem), (min-width: 44rem) 40rem, (min-width: 40rem) calc(100vw - 4rem), calc(100vw - 2rem)",
  },
  callout: { label: "the picture of a callout section", shownAt: 640, density: 2, sizes: besideText },
  // .entry's column (src/entries/entry.css): the full width less the page's margins, at most 46rem.
  article: {
    label: "a picture of a guide or case study (its main picture, or one in its text)",
    folder: "entries",
    shownAt: 736,
    density: 2,
    sizes: "(min-width: 50rem) 46rem, (min-width: 40rem) calc(100vw - 4rem), calc(100vw - 2rem)",
  },
  // .gallery__grid: as many 16rem columns as fit; one column (up to 33rem) on phones.
  gallery: {
    label: "a picture in a gallery",
    shownAt: 528,
    density: 2,
    folder: "gallery",
    sizes:
      "(min-width: 72rem) 16.25rem, (min-width: 71rem) calc(25vw - 1.75rem), (min-width: 54rem) calc(33.33vw - 2rem), (min-width: 40rem) calc(50vw - 2.5rem), (min-width: 35rem) calc(50vw - 1.5rem), calc(100vw - 2rem)",
  },
  portrait: {
    label: "a team photo, shown in a circle",
    folder: "team",
    shownAt: 256,
    density: 2,
    sizes: "(min-width: 18rem) 16rem, calc(100vw - 2rem)",
    aspect: 1,
  },
  social: {
    label: "the picture shown when a page is shared",
    shownAt: 1200,
    density: 1,
    sizes: "",
    fallbackOnly: true,
  },
  favicon: {
    label: "the icon in the browser tab (best: a square SVG)",
    shownAt: 180,
    density: 1,
    sizes: "",
    aspect: 1,
    fallbackOnly: true,
  },
} as const satisfies Record<string, Placement>;

export type PlacementName = keyof typeof placements;

/** Pixels a photo needs across (for a shape: across the part that stays in view) in a placement. */
export function neededWidth(placement: Placement): number {
  return Math.ceil(placement.shownAt * placement.density);
}

/** Named focus points, as percentages across and down. */
export const focusPoints = {
  center: { x: 50, y: 50 },
  top: { x: 50, y: 0 },
  bottom: { x: 50, y: 100 },
  left: { x: 0, y: 50 },
  right: { x: 100, y: 50 },
  "top left": { x: 0, y: 0 },
  "top right": { x: 100, y: 0 },
  "bottom left": { x: 0, y: 100 },
  "bottom right": { x: 100, y: 100 },
} as const;

/** Which part of a photo stays in view when it is cut to a shape: a named point, or one in percent. */
export type Focus = keyof typeof focusPoints | { x: number; y: number };

export interface ImageInput {
  src: string;
  alt: string;
  focus?: Focus;
}

export interface ResolvedImage {
  /** Public URL of the (content-hashed) file: the SVG, or a photo's JPEG or PNG at its largest size. */
  src: string;
  /** Alternative text; empty only for decoration. */
  alt: string;
  /** Width in pixels of the file at `src`. */
  width: number;
  /** Height in pixels of the file at `src`. */
  height: number;
  /** Photos: `src` in every width made ("… 640w, … 1280w"), for the `srcset` attribute. */
  srcset?: string;
  /** Photos: how wide the layout shows the picture, for the `sizes` attribute. */
  sizes?: string;
  /** Photos: the same widths as AVIF and WebP, best first, for `<source>` elements. */
  sources?: { type: "image/avif" | "image/webp"; srcset: string }[];
}
