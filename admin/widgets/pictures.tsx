/**
 * Pictures from any folder of content/images shown (Decap looks for every picture at the top of the
 * media folder): in the image control, the focus picker (focus.tsx) and the preview.
 */
import { useMemo } from "react";
import { pictureFromBackend, pictureMissing, usePictures } from "../decap/backend.ts";
import { config } from "../config.ts";
import { backendReady, type Control, type ControlProps } from "../decap/decap.ts";

/** What a picture shows while it loads: nothing (a blank SVG). */
const LOADING_PICTURE = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E";

const mediaFolder = String(config.media_folder);
const publicFolder = String(config.public_folder);
/**
 * Where the browser can load a picture by its path in content ("images/team/x.jpg"): from Decap's
 * backend (admin/decap/backend.ts), any folder of the media folder, in production too; blank while it
 * loads. Undefined when the backend cannot be read or has no such picture.
 */
export function urlOfPicture(src: string): string | undefined {
  const prefix = `${publicFolder}/`;
  if (!src.startsWith(prefix) || !backendReady()) return undefined;
  const path = `${mediaFolder}/${src.slice(prefix.length)}`;
  if (pictureMissing(path)) return undefined;
  return pictureFromBackend(path) ?? LOADING_PICTURE;
}

/**
 * The image control with pictures found in any folder: it is given each picture by its whole path
 * (Decap would look for it at the top of the field's media folder), and shows it once loaded.
 */
export function withPictures(Control: Control): Control {
  return function Pictured(props: ControlProps) {
    // A new `getAsset` each time a picture has loaded: Decap's image control draws again with it.
    const loaded = usePictures();
    const getAsset = useMemo(() => {
      const own = (path: string, field: unknown) => {
        const url = typeof path === "string" && path ? urlOfPicture(path) : undefined;
        return url ? { path, url, toString: () => url } : props.getAsset(path, field);
      };
      return Object.assign(own, { loaded });
    }, [props.getAsset, loaded]);
    return <Control {...props} getAsset={getAsset} />;
  };
}
