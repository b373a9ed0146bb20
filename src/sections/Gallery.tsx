import type { SectionOf } from "../../schemas";
import { Img } from "../components/Img";
import { SectionFrame } from "./SectionFrame";

export function Gallery(section: SectionOf<"gallery">) {
  return (
    <SectionFrame section={section} className="gallery">
      <ul className="gallery__grid">
        {section.images.map(({ image, caption }) => (
          <li key={image.src + (caption ?? "")}>
            <figure>
              <Img image={image} />
              {caption && <figcaption>{caption}</figcaption>}
            </figure>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
