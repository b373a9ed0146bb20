/**
 * Catching robots without a CAPTCHA (decision 0033): the honeypot field (hidden from people and from
 * their browsers' autofill, so a person leaves it empty and present; a page built before the rename
 * sends it as `website`), and the time the page measured between the visitor's first touch of the
 * form (focus or input) and sending it. Spam is not refused (a robot told so would adapt): it gets
 * the same 303 and is stored marked, never delivered, until someone says "not spam".
 */
import { honeypotField, legacyHoneypotField } from "../../../schemas/index.ts";

/** Why these values look sent by a robot, or undefined when they do not. */
export function spamReason(values: Record<string, string>, minSubmitMs: number): string | undefined {
  const trap = values[honeypotField] ?? values[legacyHoneypotField];
  if (trap === undefined) return "honeypot missing";
  if (trap !== "" || (values[legacyHoneypotField] ?? "") !== "") return "honeypot filled";
  // Without JavaScript, or when the page could not tell when the visitor began, there is no
  // `elapsed`: the honeypot alone decides.
  if (values.elapsed !== undefined && !(Number(values.elapsed) >= minSubmitMs)) return "sent too fast";
  return undefined;
}
