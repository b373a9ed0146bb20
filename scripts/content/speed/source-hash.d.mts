/** Types of source-hash.mjs: a hash of the content CLI's sources under `root` (default: this repository). */
export function sourceHash(root?: string): string;
