/** Types of tools/ci/lane.mjs (plain JavaScript, so CI can run it before `npm ci`). */
export declare const contentFolder: string;
export declare function laneFor(
  event: string,
  paths: string[] | undefined,
): { lane: "content" | "full"; reason: string };
export declare function changedPaths(base: string, head: string, cwd?: string): string[] | undefined;
