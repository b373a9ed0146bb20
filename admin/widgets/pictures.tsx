/**
 * Pictures from any folder of content/images shown (Decap looks for every picture at the top of the
 * media folder), and a picture's focus point chosen on the picture.
 */
import { useContext, useEffect, useMemo, useState } from "react";
import { focusPoints } from "../../schemas/index.ts";
import { valueAt } from "../../schemas/walk.ts";
import { pictureFromBackend, pictureMissing, usePictures } from "../backend.ts";
import { config } from "../config.ts";
import { backendReady, entryOf, mapOf, plainOf, type Control, type ControlProps } from "../decap.ts";
import { PathContext, resolve } from "./paths.ts";

/** What a picture shows while it loads: nothing (a blank SVG). */
const LOADING_PICTURE = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E";

const mediaFolder = String(config.media_folder);
const publicFolder = String(config.public_folder);
/**
 * Where the browser can load a picture by its path in content ("images/team/x.jpg"): from Decap's
 * backend (admin/backend.ts), any folder of the media folder, in production too; blank while it
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

// Focus point ------------------------------------------------------------------------------------

// The named points the schema knows, as percentages across and down.
const named: Readonly<Record<string, { x: number; y: number }>> = focusPoints;

/** The point a value names (as Decap has it: a name, or a map of across and down). */
function pointOf(value: unknown): { x: number; y: number } {
  const point = plainOf(value);
  if (typeof point === "string") return named[point] ?? named.center!;
  const v = point as { x?: number; y?: number } | undefined;
  const x = Number(v?.x);
  const y = Number(v?.y);
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : named.center!;
}

/** The focus point: click the picture, or set across and down with two sliders. */
export function FocusControl(props: ControlProps) {
  usePictures();
  const place = useContext(PathContext);
  const path = place && resolve(place, props.parentIds);
  const data = props.getEntry ? entryOf(props.getEntry()).data : undefined;
  const src = path ? (valueAt(data, [...path, "src"]) as string | undefined) : undefined;
  // Decap's getAsset dispatches to its store: asked in an effect, never while rendering.
  const own = src ? urlOfPicture(src) : undefined;
  const [asset, setAsset] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!src || own) return;
    const found = props.getAsset?.(src)?.toString();
    setAsset((before) => (before === found ? before : found));
  }, [src, own, props.getAsset]);
  const url = own ?? (src ? asset : undefined);
  const point = pointOf(props.value);
  const set = (x: number, y: number) => {
    const rounded = { x: Math.round(Math.min(100, Math.max(0, x))), y: Math.round(Math.min(100, Math.max(0, y))) };
    const name = Object.entries(named).find(([, p]) => p.x === rounded.x && p.y === rounded.y)?.[0];
    props.onChange(name ?? mapOf(rounded));
  };
  const id = props.forID;
  return (
    <div
      className={props.classNameWrapper}
      style={{ display: "grid", gap: "0.5rem", font: "14px/1.4 system-ui, sans-serif" }}
    >
      {url ? (
        <div style={{ position: "relative", width: "min(16rem, 100%)", lineHeight: 0 }}>
          <img
            src={url}
            alt="Click the part of the picture that must stay in view"
            style={{ width: "100%", cursor: "crosshair", borderRadius: "4px" }}
            onClick={(e) => {
              const box = e.currentTarget.getBoundingClientRect();
              set(((e.clientX - box.left) / box.width) * 100, ((e.clientY - box.top) / box.height) * 100);
            }}
          />
          <span
            aria-hidden="true"
            style={{
              position: "absolute",
              left: `${point.x}%`,
              top: `${point.y}%`,
              width: "1rem",
              height: "1rem",
              margin: "-0.5rem 0 0 -0.5rem",
              border: "3px solid #fff",
              borderRadius: "50%",
              boxShadow: "0 0 0 2px #000",
            }}
          />
        </div>
      ) : null}
      <label htmlFor={`${id}-x`}>
        Across: {point.x}% (0 the left edge, 100 the right edge)
        <input
          id={`${id}-x`}
          type="range"
          min={0}
          max={100}
          value={point.x}
          onChange={(e) => set(Number(e.target.value), point.y)}
          style={{ display: "block", width: "16rem" }}
        />
      </label>
      <label htmlFor={`${id}-y`}>
        Down: {point.y}% (0 the top edge, 100 the bottom edge)
        <input
          id={`${id}-y`}
          type="range"
          min={0}
          max={100}
          value={point.y}
          onChange={(e) => set(point.x, Number(e.target.value))}
          style={{ display: "block", width: "16rem" }}
        />
      </label>
    </div>
  );
}
