/**
 * Images: content names a file, its alt text and (for pictures cut to a shape) what stays in view;
 * the pipeline adds the public URLs, the size and, for photos, the smaller versions and formats.
 * Where a picture is shown decides how large it must be and which sizes are made: `placements`.
 */
import { z } from "zod";
import { contentContext, noContext } from "./context.ts";

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

const percent = z.number().min(0).max(100);
const focusNames = Object.keys(focusPoints) as (keyof typeof focusPoints)[];

export const focus = z
  .union(
    [
      z.enum(focusNames),
      z.strictObject({
        x: percent.describe("How far across the point is, in percent: 0 the left edge, 100 the right edge."),
        y: percent.describe("How far down the point is, in percent: 0 the top edge, 100 the bottom edge."),
      }),
    ],
    {
      error: `write one of ${focusNames.map((n) => `"${n}"`).join(", ")}, or a point in percent such as { x: 50, y: 30 }`,
    },
  )
  .default("center")
  .describe(
    'Which part of a photo stays in view when it is cut to the shape it is shown in (a circle): "center" (the default), "top", "bottom", "left", "right", "top left", "top right", "bottom left", "bottom right", or a point in percent from the top left corner, e.g. { x: 50, y: 30 } (half-way across, 30% down). If the top of a head is cut off, write top.',
  );

export type Focus = z.output<typeof focus>;

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

const formats = "jpg, png, webp, avif, gif or svg";

/** The path of a picture in content/images; the CMS checks uploads against it too. */
export const imagePath = /^images\/[\w./-]+\.(?:svg|png|jpe?g|webp|avif|gif|SVG|PNG|JPE?G|WEBP|AVIF|GIF)$/;

const src = z
  .string()
  .superRefine((value, ctx) => {
    if (/\.(?:heic|heif)$/i.test(value)) {
      ctx.addIssue({ code: "custom", input: value, message: heicMessage(value) });
    } else if (!imagePath.test(value)) {
      ctx.addIssue({
        code: "custom",
        input: value,
        message: `write the path of a file in content/images, e.g. "images/team/maria.jpg" (${formats}; letters, digits, "-", "_" and "." in the name, no spaces)`,
      });
    }
  })
  .describe(
    'Path of the picture file inside content/, e.g. "images/office.jpg". A photo straight from a phone is fine.',
  );

/** What to say about a HEIC photo (the iPhone's own format), which browsers do not show. */
export function heicMessage(file: string): string {
  return (
    `"${file}" is a HEIC photo (the iPhone's own format), which most browsers cannot show. Export it as JPEG and use that file: ` +
    "on a Mac, open it in Preview and choose File > Export, Format: JPEG; on Windows, open it in Photos and choose Save as, JPEG. " +
    "To have the iPhone take JPEG photos from now on: Settings > Camera > Formats > Most Compatible"
  );
}

const alt = z
  .string()
  .trim()
  .min(1, { error: "describe the picture for people who cannot see it (alt text)" })
  .describe("What the picture shows, read aloud to people who cannot see it.");

function describePlacement(placement: Placement): string {
  // Thousands separated by hand: toLocaleString would load the locale data on every start-up.
  const need = String(neededWidth(placement)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const shorter = placement.aspect ? " on its shorter side (it is cut to a square)" : "";
  return `A picture: the file and its alt text. Where it shows: ${placement.label}. A photo needs at least ${need} px across${shorter}; any SVG fits.`;
}

/** What content writes for a picture (focus only where it is cut to a shape). */
export type ImageFields = z.input<typeof shaped>;

const plain = z.strictObject({ src, alt });
const shaped = z.strictObject({ src, alt, focus });

/** A picture shown in `where`: checked against that place's size, and made in the sizes it needs. */
export function image(where: PlacementName): z.ZodType<ResolvedImage, ImageFields> {
  const placement: Placement = placements[where];
  const fields: z.ZodType<ImageInput, ImageFields> = placement.aspect && !placement.fallbackOnly ? shaped : plain;
  return fields
    .transform((input, ctx): ResolvedImage => {
      const resolve = contentContext().resolveImage;
      if (!resolve) {
        ctx.issues.push({ code: "custom", message: noContext(`the image "${input.src}"`), input, path: ["src"] });
        return { src: input.src, alt: input.alt, width: 0, height: 0 };
      }
      const result = resolve(input, where);
      if (typeof result === "string") {
        ctx.issues.push({ code: "custom", message: result, input, path: ["src"] });
        return { src: input.src, alt: input.alt, width: 0, height: 0 };
      }
      return result;
    })
    .meta({ image: true, placement: where })
    .describe(describePlacement(placement));
}
