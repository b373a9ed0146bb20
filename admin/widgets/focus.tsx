/** A picture's focus point, chosen on the picture or with two sliders: a named point when it is one, else across and down in percent. */
import { useContext, useEffect, useState, type ReactNode } from "react";
import { focusPoints } from "../../schemas/index.ts";
import { valueAt } from "../../schemas/walk.ts";
import { usePictures } from "../decap/backend.ts";
import { entryOf, mapOf, plainOf, type ControlProps } from "../decap/decap.ts";
import { PathContext, resolve } from "./paths.ts";
import { urlOfPicture } from "./pictures.tsx";

type Point = { x: number; y: number };

// The named points the schema knows, as percentages across and down.
const named: Readonly<Record<string, Point>> = focusPoints;

/** The point a value names (as Decap has it: a name, or a map of across and down). */
function pointOf(value: unknown): Point {
  const point = plainOf(value);
  if (typeof point === "string") return named[point] ?? named.center!;
  const v = point as { x?: number; y?: number } | undefined;
  const x = Number(v?.x);
  const y = Number(v?.y);
  return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : named.center!;
}

/** The address of the picture whose focus this is (the field beside it, `src`), once known. */
function usePicture(props: ControlProps): string | undefined {
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
  return own ?? (src ? asset : undefined);
}

/** The picture: a click sets the point there; the point is marked on it. */
function FocusPicture({ url, point, set }: { url: string; point: Point; set(x: number, y: number): void }) {
  return (
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
  );
}

/** Across or down, from 0 to 100, its words in its label. */
function Slider({
  id,
  value,
  set,
  children,
}: {
  id: string;
  value: number;
  set(value: number): void;
  children: ReactNode;
}) {
  return (
    <label htmlFor={id}>
      {children}
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={value}
        onChange={(e) => set(Number(e.target.value))}
        style={{ display: "block", width: "16rem" }}
      />
    </label>
  );
}

/** The focus point: click the picture, or set across and down with two sliders. */
export function FocusControl(props: ControlProps) {
  const url = usePicture(props);
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
      {url ? <FocusPicture url={url} point={point} set={set} /> : null}
      <Slider id={`${id}-x`} value={point.x} set={(x) => set(x, point.y)}>
        Across: {point.x}% (0 the left edge, 100 the right edge)
      </Slider>
      <Slider id={`${id}-y`} value={point.y} set={(y) => set(point.x, y)}>
        Down: {point.y}% (0 the top edge, 100 the bottom edge)
      </Slider>
    </div>
  );
}
