import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { iconNames } from "../../schemas/index.ts";

it("the icon sprite has a symbol for every icon name content may choose, and no other", () => {
  const sprite = readFileSync(join(import.meta.dirname, "..", "..", "ui", "components", "icons.svg"), "utf8");
  const symbols = [...sprite.matchAll(/<symbol id="([\w-]+)"/g)].map((m) => m[1]);
  expect(symbols.sort()).toEqual([...iconNames].sort());
});
