/** A sentence shape and its rendering from the shape's parts; undefined when this shape cannot render these parts. */
export type Phrase = [RegExp, (...parts: string[]) => string | undefined];

/** The rendering of the first phrase whose shape the text has and that renders it; undefined when none does. */
export function byPhrase(phrases: readonly Phrase[], text: string): string | undefined {
  for (const [shape, render] of phrases) {
    const m = shape.exec(text);
    const out = m ? render(...m.slice(1)) : undefined;
    if (out !== undefined) return out;
  }
  return undefined;
}
