/**
 * Delivery targets and their names. The handler names a lead's targets from the configuration by
 * address ("email:<address>", "webhook:<url>"); an outbox row keeps only the kind and the place in
 * the configured list ("email:1", "webhook:1"), and the outbox looks the address up when it sends,
 * so a corrected LEADS_WEBHOOK_URL or LEADS_EMAIL_TO reaches the leads already waiting, and a
 * removed one is reported instead of retried forever. People read a target as its place and, never
 * the full address (a webhook's path may hold a token), its e-mail domain or webhook host.
 */
import type { LeadsConfig } from "./config.ts";

/** A delivery target as the handler names it from the configuration: "email:<address>" or "webhook:<url>". */
export type Target = `email:${string}` | `webhook:${string}`;

type TargetLists = Pick<LeadsConfig, "recipients" | "webhooks">;

/** Where each lead goes: the configured e-mail recipients and webhooks, in configuration order. */
export const deliveryTargets = (config: TargetLists): Target[] => [
  ...config.recipients.map((address) => `email:${address}` as const),
  ...config.webhooks.map((url) => `webhook:${url}` as const),
];

/** What an outbox row keeps of each target (`targets` in configuration order): its kind and place, "webhook:1". */
export function slotTargets(targets: Target[]): string[] {
  const seen = { email: 0, webhook: 0 };
  return targets.map((target) => {
    const kind = target.startsWith("email:") ? "email" : "webhook";
    return `${kind}:${++seen[kind]}`;
  });
}

/** Where a row's target is sent now, from the configuration; or why it cannot be. */
export type Resolved = { kind: "email" | "webhook"; address: string; name: string } | { removed: string; name: string };

export function resolveTarget(target: string, config: TargetLists): Resolved {
  const colon = target.indexOf(":");
  const kind = target.slice(0, colon);
  const rest = target.slice(colon + 1);
  if (kind !== "email" && kind !== "webhook") return { removed: `unknown target kind "${kind}"`, name: target };
  const list = kind === "email" ? config.recipients : config.webhooks;
  const variable = kind === "email" ? "LEADS_EMAIL_TO" : "LEADS_WEBHOOK_URL";
  const label = kind === "email" ? "e-mail" : "webhook";
  if (/^\d+$/.test(rest)) {
    const place = Number(rest);
    const name = `${label} #${place}`;
    const address = list[place - 1];
    if (address === undefined)
      return {
        removed: `${name} is no longer configured (${variable} or content/leads.yaml now has ${list.length}); retry with \`npm run leads -- --retry failed\` once it is`,
        name,
      };
    return { kind, address, name };
  }
  // A row written before targets were named by place holds the address itself.
  if (list.includes(rest)) return { kind, address: rest, name: label };
  if (list.length === 1) return { kind, address: list[0]!, name: `${label} #1` };
  return { removed: `this ${label} address is no longer configured (${variable})`, name: label };
}

/** A target for log lines: the e-mail domain or the webhook's host, never a full address with a path token. */
export function describeTarget(target: string): string {
  if (/^(email|webhook):\d+$/.test(target))
    return `${target.startsWith("email") ? "e-mail" : "webhook"} #${target.split(":")[1]}`;
  if (target.startsWith("email:")) return `e-mail to ${target.slice(6)}`;
  try {
    return `webhook ${new URL(target.slice(8)).host}`;
  } catch {
    return "webhook";
  }
}

/** A resolved target in words: "webhook #1 (webhook hooks.example.com)", or its name alone when it was removed. */
export const targetLabel = (target: Resolved): string =>
  "removed" in target ? target.name : `${target.name} (${describeTarget(`${target.kind}:${target.address}`)})`;
