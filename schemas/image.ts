/**
 * Images: content names a file, its alt text and (for pictures cut to a shape) what stays in view;
 * the pipeline adds the public URLs, the size and, for photos, the smaller versions and formats.
 * Where a picture is shown decides how large it must be and which sizes are made: `placements`.
 */
import { z } from "zod";
import { noContext, type ContentContext } from "./context.ts";
import {
  focusPoints,
  neededWidth,
  placements,
  type ImageInput,
  type Placement,
  type PlacementName,
  type ResolvedImage,
} from "./placements.ts";

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
export function image(c: ContentContext, where: PlacementName): z.ZodType<ResolvedImage, ImageFields> {
  const placement: Placement = placements[where];
  const fields: z.ZodType<ImageInput, ImageFields> = placement.aspect && !placement.fallbackOnly ? shaped : plain;
  return fields
    .transform((input, ctx): ResolvedImage => {
      if (!c.known) {
        ctx.issues.push({ code: "custom", message: noContext(`the image "${input.src}"`), input, path: ["src"] });
        return { src: input.src, alt: input.alt, width: 0, height: 0 };
      }
      const result = c.resolveImage(input, where);
      if (typeof result === "string") {
        ctx.issues.push({ code: "custom", message: result, input, path: ["src"] });
        return { src: input.src, alt: input.alt, width: 0, height: 0 };
      }
      return result;
    })
    .meta({ image: true, placement: where })
    .describe(describePlacement(placement));
}
