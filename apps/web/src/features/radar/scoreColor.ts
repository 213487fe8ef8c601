/** The 0–100 lead score's colour scale: grey (cold) → blue → orange → red (hot). */
const SCORE_STEPS = [
  { from: 80, color: '#cf1322', level: 'hot' },
  { from: 50, color: '#fa8c16', level: 'warm' },
  { from: 20, color: '#1677ff', level: 'mild' },
  { from: 0, color: '#8c8c8c', level: 'cold' },
] as const;

export function scoreStep(score: number) {
  const s = Math.max(0, Math.min(100, Math.round(score)));
  return SCORE_STEPS.find((x) => s >= x.from) ?? SCORE_STEPS[SCORE_STEPS.length - 1];
}

/**
 * Page cursors of the list sorted by score: the cursor that starts each page once the page before it was read.
 * A page whose cursor is not known (a jump) is asked by its index (the server pages by offset then).
 */
export function cursorFor(cursors: Map<number, string>, pageIndex: number): string | undefined {
  return pageIndex > 1 ? cursors.get(pageIndex) : undefined;
}
