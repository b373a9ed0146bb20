/** The look the widgets of /admin/ share: the buttons we add among Decap's controls. */

/** A button of ours among Decap's controls. */
export const buttonStyle = {
  font: "inherit",
  minHeight: "1.75rem",
  padding: "0.15rem 0.6rem",
  border: "1px solid #5f6470",
  borderRadius: "4px",
  background: "#fff",
  color: "#1e2532",
  cursor: "pointer",
} as const;

/** Read by screen readers, not shown. */
export const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
