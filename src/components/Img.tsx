import type { ResolvedImage } from "../../schemas";

/** An image with its intrinsic size, so the page does not shift while it loads. */
export function Img({
  image,
  eager = false,
  className,
}: {
  image: ResolvedImage;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      {...(eager ? { fetchPriority: "high" as const } : {})}
    />
  );
}
