/**
 * `global`, as some of Decap's dependencies (@iarna/toml) read it when they load. The build never
 * loads them before they are needed; the development server's pre-bundled copy of Decap, split in two
 * by admin/decap/decap.ts's imports of decap-cms-core's modules, loads them at once. Imported first.
 */
const scope = globalThis as typeof globalThis & { global?: typeof globalThis };
scope.global ??= globalThis;
export {};
