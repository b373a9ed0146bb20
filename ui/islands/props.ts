/**
 * An island's props travel in its marker's `data-props` attribute as JSON, with every `<` written
 * `\u003c`: whatever a content string holds, it cannot end the attribute's element nor open a tag or
 * a script, and no inline script is needed (the pages' policy allows none without a hash).
 */
export function serialiseProps(props: object): string {
  return JSON.stringify(props).replace(/</g, "\\u003c");
}

export function parseProps(text: string): Record<string, unknown> {
  return JSON.parse(text) as Record<string, unknown>;
}
