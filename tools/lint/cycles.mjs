/**
 * The lint rule `cycles/no-cycle`: no import circle among the product's modules, type-only imports
 * included (eslint-plugin-import's `import/no-cycle` skips `import type`, and has no option not to).
 * A circle closed by a type is still two files that cannot be read, moved or tested one without the
 * other. Every relative import counts: `import`, `import type`, `export … from`, `import()`.
 *
 * The graph is read once per lint run from the folders given (the product's, the tools and the
 * tests, by default), with TypeScript's import scanner; the file being linted is read from its own syntax tree, so an edit
 * shows at once. An import that leads back to the file is reported with the whole circle's files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const root = join(import.meta.dirname, "..", "..");
/** The product's folders (docs/architecture.md), which never import tools/ or tests/. */
export const productFolders = ["admin", "schemas", "scripts", "sections", "server", "src", "ui"];
/** Every folder of sources the rule reads by default: the product's, the tools and the tests. */
export const sourceFolders = [...productFolders, "tools", "tests"];
const sourceFile = /\.(tsx?|mts|mjs|js)$/;
const extensions = [".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx"];

/** The file a relative import names, or undefined (a package, a missing file, an asset). */
export function resolveImport(from, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const base = resolve(dirname(from), specifier.replace(/[?#].*$/, ""));
  if (sourceFile.test(base) && existsSync(base)) return base;
  for (const extension of extensions) if (existsSync(base + extension)) return base + extension;
  return undefined;
}

/** The files a source text imports, type-only imports included. */
export function importsOf(file, source) {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return [...new Set(importedFiles.map((f) => resolveImport(file, f.fileName)).filter(Boolean))];
}

function* sourceFiles(dir) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (sourceFile.test(entry.name) && !entry.name.endsWith(".d.ts")) yield path;
  }
}

/** Each file of `folders` (under `base`) and the files it imports. */
export function importGraph(base = root, folders = productFolders) {
  const graph = new Map();
  for (const folder of folders)
    for (const file of sourceFiles(resolve(base, folder))) graph.set(file, importsOf(file, readFileSync(file, "utf8")));
  return graph;
}

/** The shortest chain of imports from `start` to `goal` in `graph`, both included; undefined if none. */
function path(graph, start, goal) {
  const before = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    if (file === goal) {
      const chain = [];
      for (let at = file; at !== undefined; at = before.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of graph.get(file) ?? [])
      if (!before.has(next)) {
        before.set(next, file);
        queue.push(next);
      }
  }
  return undefined;
}

/** Every circle in `graph`, once each (as a list of files, the first repeated at the end), by Tarjan's components. */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    const first = component.sort()[0];
    const inside = new Map(component.map((f) => [f, (graph.get(f) ?? []).filter((n) => component.includes(n))]));
    const back = inside
      .get(first)
      .map((next) => path(inside, next, first))
      .filter(Boolean);
    if (back.length) cycles.push([first, ...back.sort((a, b) => a.length - b.length)[0]]);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

const graphs = new Map();

/** @type {import("eslint").Rule.RuleModule} */
export const noCycle = {
  meta: {
    type: "problem",
    docs: { description: "No import circle, type-only imports included." },
    schema: [
      {
        type: "object",
        properties: {
          root: { type: "string" },
          folders: { type: "array", items: { type: "string" } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        "Import circle ({{files}}): type-only imports count too. Move what both sides need into a module of its own that neither imports back.",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const base = resolve(options.root ?? root);
    const folders = options.folders ?? sourceFolders;
    const key = `${base}\0${folders.join(",")}`;
    if (!graphs.has(key)) graphs.set(key, importGraph(base, folders));
    const graph = graphs.get(key);
    const file = resolve(context.filename);
    const specifiers = [];
    const note = (node) => {
      if (node.source && typeof node.source.value === "string") specifiers.push(node);
    };
    return {
      ImportDeclaration: note,
      ExportNamedDeclaration: note,
      ExportAllDeclaration: note,
      ImportExpression: note,
      "Program:exit"() {
        if (!graph.has(file) && !folders.some((f) => !relative(resolve(base, f), file).startsWith(".."))) return;
        for (const node of specifiers) {
          const target = resolveImport(file, node.source.value);
          if (!target) continue;
          // The rest of the circle comes from the files as they are on disk; this file's imports from its text.
          const chain = target === file ? [file] : path(graph, target, file);
          if (!chain) continue;
          const files = [file, ...chain].map((f) => relative(base, f)).join(" → ");
          context.report({ node, messageId: "cycle", data: { files } });
        }
      },
    };
  },
};

export default { rules: { "no-cycle": noCycle } };
