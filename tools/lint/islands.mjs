/**
 * The lint rule `islands/live-handlers`: on the live site only islands are hydrated (ui/islands/), so
 * an event handler anywhere else would be rendered and never run. It reports, in the browser code:
 * - a JSX handler attribute (`onClick`, `onSubmit`, …) in a file that is not an island's module
 *   (a module ui/islands/registry.ts imports) nor in ui/islands/;
 * - an island's component rendered as `<LeadForm …/>` outside an island's module: it must go through
 *   `<Island name="…" component={LeadForm} props={…} />`, which is what makes it one.
 * The island modules are read from the registry's `import("…")` calls, so the list is kept once.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const root = join(import.meta.dirname, "..", "..");
const registry = join(root, "ui", "islands", "registry.ts");

/** The files of the island modules the registry imports (without extension, as imports name them). */
export function islandModules(source = readFileSync(registry, "utf8")) {
  return new Set(
    [...source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => resolve(dirname(registry), m[1])),
  );
}

const withoutExtension = (file) => file.replace(/\.(tsx?|jsx?|mjs)$/, "");

/** @type {import("eslint").Rule.RuleModule} */
export const liveHandlers = {
  meta: {
    type: "problem",
    docs: { description: "Event handlers only in islands: elsewhere they are dead on the live site." },
    schema: [],
    messages: {
      handler:
        "`{{name}}` would never run on the live site: only islands are hydrated. Make this interactive part an island (a component listed in ui/islands/registry.ts, rendered with <Island>, docs/adding-a-section.md), or use a listener in ui/page-behaviours.ts.",
      direct:
        "<{{name}}> is an island's component: render it with <Island name=… component={{{name}}} props={…} />, or its handlers are dead on the live site.",
    },
  },
  create(context) {
    const file = withoutExtension(context.filename);
    const islands = islandModules();
    const inIsland = islands.has(file) || file.startsWith(join(root, "ui", "islands") + "/");
    const islandComponents = new Set();
    return {
      ImportDeclaration(node) {
        if (inIsland || !node.source.value.startsWith(".")) return;
        if (!islands.has(withoutExtension(resolve(dirname(context.filename), node.source.value)))) return;
        for (const specifier of node.specifiers) islandComponents.add(specifier.local.name);
      },
      JSXAttribute(node) {
        if (inIsland || node.name.type !== "JSXIdentifier" || !/^on[A-Z]/.test(node.name.name)) return;
        context.report({ node, messageId: "handler", data: { name: node.name.name } });
      },
      JSXOpeningElement(node) {
        if (node.name.type === "JSXIdentifier" && islandComponents.has(node.name.name))
          context.report({ node, messageId: "direct", data: { name: node.name.name } });
      },
    };
  },
};

export default { rules: { "live-handlers": liveHandlers } };
