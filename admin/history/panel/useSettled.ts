/**
 * A value taken once it has stopped changing for a while: what publishing changes is said again when
 * the marketer pauses, not on each keystroke. `settler` is the timing, with the clock's timers given
 * (tests give fake ones); `useSettled` is it as a React hook: the first value at once, then each
 * value `ms` after the last change.
 */
import { useEffect, useState } from "react";

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/** Calls `use` with the last value pushed once none has come for `ms`; `stop` drops one waiting. */
export function settler<T>(ms: number, use: (value: T) => void, timers: Timers = realTimers) {
  let timer: unknown;
  const stop = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  return {
    push(value: T) {
      stop();
      timer = timers.setTimeout(() => {
        timer = undefined;
        use(value);
      }, ms);
    },
    stop,
  };
}

export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const [later] = useState(() => settler<T>(ms, (next) => setSettled(() => next)));
  // Back to the value taken before the wait ended: nothing to take.
  useEffect(() => {
    if (Object.is(value, settled)) later.stop();
    else later.push(value);
  }, [later, value, settled]);
  useEffect(() => later.stop, [later]);
  return settled;
}
