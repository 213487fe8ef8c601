import { EXPAND_CAP, expandKeywords } from '@huoke/contracts';

/** Words typed one per line or separated by commas, spaces or 、 (trimmed, empty ones dropped). */
export function splitInput(text: string): string[] {
  return text
    .split(/[\n\r,，、;；\s]+/)
    .map((w) => w.trim())
    .filter(Boolean);
}

/** What the screen shows before generating: how many distinct keywords, and whether the list will be capped. */
export function previewCount(cores: string, regions: string, modifiers: string) {
  const total = expandKeywords({
    cores: splitInput(cores),
    regions: splitInput(regions),
    modifiers: splitInput(modifiers),
  }).length;
  return { total, capped: total > EXPAND_CAP, shown: Math.min(total, EXPAND_CAP) };
}
