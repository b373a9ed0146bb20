/** An icon chosen by its picture. */
import sprite from "../../ui/components/icons.svg";
import { fieldOf, type ControlProps } from "../decap/decap.ts";

/** An icon chosen by its picture: a group of radio buttons, each the icon and its name. */
export function IconControl(props: ControlProps) {
  const field = fieldOf(props.field);
  const options = field.options ?? [];
  const id = props.forID;
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      id={id}
      className={props.classNameWrapper}
      style={{ display: "flex", flexWrap: "wrap", gap: "0.5rem" }}
    >
      <span id={`${id}-label`} hidden>
        {String(field.label)}
      </span>
      {options.map((name) => (
        <label
          key={name}
          style={{
            display: "grid",
            justifyItems: "center",
            gap: "0.25rem",
            width: "5.5rem",
            padding: "0.5rem",
            border: `2px solid ${props.value === name ? "#3a69c7" : "#dfdfe3"}`,
            borderRadius: "6px",
            font: "12px/1.3 system-ui, sans-serif",
            cursor: "pointer",
          }}
        >
          <input
            type="radio"
            name={id}
            value={name}
            checked={props.value === name}
            onChange={() => props.onChange(name)}
            style={{ position: "absolute", opacity: 0 }}
          />
          <svg width="28" height="28" aria-hidden="true">
            <use href={`${sprite}#${name}`} />
          </svg>
          {name}
        </label>
      ))}
    </div>
  );
}
