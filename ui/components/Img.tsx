import type { ResolvedImage } from "../../schemas";
import { srcsetWithBase, withBase } from "../base";

/**
 * A picture with its intrinsic size, so the page does not shift while it loads. A photo comes as
 * AVIF, WebP and JPEG (or PNG) in several widths, and `sizes` (from the content pipeline, which knows
 * where it is shown) lets the browser download the smallest that looks sharp. Pictures load lazily,
 * except `priority` (the largest picture of the first screen: loaded first, and preloaded by the
 * pre-rendered head) and `eager` ones (small, always on the first screen, such as the logo).
 */
export function Img({
  image,
  priority = false,
  eager = false,
  className,
}: {
  image: ResolvedImage;
  priority?: boolean;
  eager?: boolean;
  className?: string;
}) {
  const img = (
    <img
      className={className}
      src={withBase(image.src)}
      srcSet={image.srcset && srcsetWithBase(image.srcset)}
      sizes={image.srcset ? image.sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority || eager ? "eager" : "lazy"}
      // The largest picture of the first screen is painted as soon as it arrives.
      {...(priority ? { fetchPriority: "high" as const } : { decoding: "async" as const })}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={srcsetWithBase(source.srcset)} sizes={image.sizes} />
      ))}
      {img}
    </picture>
  );
}
