/** Images: content names a file and its alt text; the pipeline adds the public URL and the size. */
import { z } from "zod";
import { contentContext, noContext } from "./context.ts";

export interface ImageInput {
  src: string;
  alt: string;
}

export interface ResolvedImage {
  /** Public URL of the (content-hashed) image file. */
  src: string;
  /** Alternative text; empty only for decoration. */
  alt: string;
  /** Intrinsic width in pixels. */
  width: number;
  /** Intrinsic height in pixels. */
  height: number;
}

export const image = z
  .strictObject({
    src: z
      .string()
      .regex(/^images\/[\w./-]+\.(?:svg|png|jpe?g|webp|avif|gif)$/, {
        error:
          'write the path of a file in content/images, e.g. "images/team/maria.svg" (svg, png, jpg, webp, avif or gif)',
      })
      .describe('Path of the image file inside content/, e.g. "images/logo.svg".'),
    alt: z
      .string()
      .trim()
      .min(1, { error: "describe the picture for people who cannot see it (alt text)" })
      .describe("What the picture shows, read aloud to people who cannot see it."),
  })
  .transform((input, ctx): ResolvedImage => {
    const resolve = contentContext().resolveImage;
    if (!resolve) {
      ctx.issues.push({ code: "custom", message: noContext(`the image "${input.src}"`), input, path: ["src"] });
      return { ...input, width: 0, height: 0 };
    }
    const result = resolve(input);
    if (typeof result === "string") {
      ctx.issues.push({ code: "custom", message: result, input, path: ["src"] });
      return { ...input, width: 0, height: 0 };
    }
    return result;
  })
  .meta({ image: true })
  .describe("A picture: the file and its alt text.");
