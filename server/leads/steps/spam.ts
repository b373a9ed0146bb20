/**
 * Catching robots without a CAPTCHA: the honeypot field (hidden from people, so a person leaves it
 * empty and present) and the time the page measured between showing the form and sending it. Spam
 * is not refused (a robot told so would adapt): it gets the same 303 and is stored marked, never
 * delivered.
 */
import { honeypotField } from "../validate.ts";

/** Why these values look sent by a robot, or undefined when they do not. */
export function spamReason(values: Record<string, string>, minSubmitMs: number): string | undefined {
  if (values[honeypotField] === undefined) return "honeypot missing";
  if (values[honeypotField] !== "") return "honeypot filled";
  // Without JavaScript there is no `elapsed`: the honeypot alone decides.
  if (values.elapsed !== undefined && !(Number(values.elapsed) >= minSubmitMs)) return "sent too fast";
  return undefined;
}
