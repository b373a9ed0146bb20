import type { SectionOf } from "../../schemas";
import { useFirstSection } from "../../ui/components/Heading";
import { Img } from "../../ui/components/Img";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "./gallery.css";

export function Gallery(section: SectionOf<"gallery">) {
  const first = useFirstSection();
  return (
    <SectionFrame section={section} className="gallery">
      <ul className="gallery__grid">
        {section.images.map(({ image, caption }, index) => (
          <li key={image.src + (caption ?? "")}>
            <figure>
              <Img image={image} priority={first && index === 0} />
              {caption && <figcaption>{caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
