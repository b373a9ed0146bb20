/**
 * A preload (`node --import tsx --import ./tests/helpers/test-hosts.ts …`) that answers DNS for the
 * host names in TEST_HOSTS ("mail.test=127.0.0.1,…") inside that process, as Chromium's
 * --host-resolver-rules does for the browser tests: a server can then be given the address of
 * "another machine" that is a stand-in on 127.0.0.1. Other names resolve as always.
 */
import dns from "node:dns";

const hosts = new Map(
  (process.env.TEST_HOSTS ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => pair.split("=") as [string, string]),
);

type Callback = (...args: unknown[]) => void;
const { lookup, resolve4, resolve6 } = dns;

Object.assign(dns, {
  lookup(host: string, options: unknown, callback?: Callback) {
    const address = hosts.get(host);
    if (!address) return (lookup as (...args: unknown[]) => void)(host, options, callback);
    const done = (typeof options === "function" ? options : callback) as Callback;
    const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all;
    process.nextTick(() => (all ? done(null, [{ address, family: 4 }]) : done(null, address, 4)));
  },
  resolve4(host: string, ...rest: unknown[]) {
    const address = hosts.get(host);
    const done = rest.at(-1) as Callback;
    if (!address) return (resolve4 as (...args: unknown[]) => void)(host, ...rest);
    process.nextTick(() => done(null, [address]));
  },
  resolve6(host: string, ...rest: unknown[]) {
    const done = rest.at(-1) as Callback;
    if (!hosts.has(host)) return (resolve6 as (...args: unknown[]) => void)(host, ...rest);
    process.nextTick(() => done(Object.assign(new Error(`no IPv6 address for ${host}`), { code: "ENODATA" })));
  },
});
