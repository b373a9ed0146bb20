/**
 * The per-address rate limit: a fixed window per address hash, kept in memory (one process's view;
 * several instances each count their own share). Old windows are swept once per window. The handler
 * asks it only for a post that would be stored (a form's post, well-formed and valid: handler.ts), so
 * bare or broken posts use up nobody's allowance; behind a front proxy the address is the visitor's
 * only if nginx is told the front's addresses (deploy/nginx.conf's set_real_ip_from).
 */
import { Refusal } from "./refusal.ts";

export class RateLimiter {
  private hits = new Map<string, { count: number; start: number }>();
  private sweep = 0;
  constructor(
    private limit: number,
    private windowMs: number,
  ) {}

  /** Counts a request from `key`; false when it is over the limit. */
  allow(key: string, now = Date.now()): boolean {
    if (now - this.sweep > this.windowMs) {
      for (const [k, v] of this.hits) if (now - v.start > this.windowMs) this.hits.delete(k);
      this.sweep = now;
    }
    const entry = this.hits.get(key);
    if (!entry || now - entry.start > this.windowMs) {
      this.hits.set(key, { count: 1, start: now });
      return true;
    }
    entry.count++;
    return entry.count <= this.limit;
  }

  /** Counts a request from `key`, refusing it (429, with Retry-After) over the limit. */
  check(key: string): Refusal | undefined {
    if (this.allow(key)) return undefined;
    return new Refusal(
      429,
      "Too many requests from this address; nothing was stored. Please wait a few minutes.",
      {},
      { "Retry-After": String(Math.ceil(this.windowMs / 1000)) },
    );
  }
}
