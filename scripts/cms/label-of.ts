/**
 * A field's name in words, as the editing UI labels a field whose schema gives no title. Browser-safe:
 * /admin/ names the fields its configuration does not have (admin/editor/labels.ts) the same way.
 */

/** "buttonLabel" → "Button label", "e164" → "E164". */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
