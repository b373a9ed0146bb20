/** A lead's deliveries in words, for the people reading the inbox: each target's name and where it stands. */
import type { InboxDelivery } from "../../../schemas/index.ts";
import type { LeadsConfig } from "../config.ts";
import { resolveTarget, targetLabel } from "../targets.ts";

export function describeDelivery(delivery: InboxDelivery, config: Pick<LeadsConfig, "recipients" | "webhooks">) {
  const name = targetLabel(resolveTarget(delivery.target, config));
  const error = delivery.last_error ? ` Last error: ${delivery.last_error}` : "";
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? "attempt" : "attempts"}`;
  const state =
    delivery.status === "delivered"
      ? `Delivered at ${delivery.delivered_at}.`
      : delivery.status === "failed"
        ? `Not delivered: gave up after ${tries}.${error}`
        : delivery.status === "sending"
          ? "Being sent now."
          : delivery.attempts === 0
            ? "Waiting to be sent."
            : `Not delivered yet (${tries}); next try at ${delivery.next_at}.${error}`;
  return { ...delivery, name, state };
}
