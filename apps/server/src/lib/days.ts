/** Calendar days of the product's market (Asia/Shanghai, UTC+8 all year): YYYY-MM-DD strings. */
const OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export function dayOf(at: Date | number = Date.now()): string {
  const t = typeof at === 'number' ? at : at.getTime();
  return new Date(t + OFFSET_MS).toISOString().slice(0, 10);
}

/** A moment as China wall time, 'YYYY-MM-DD HH:mm:ss' (what a spreadsheet of a Chinese team should show). */
export function chinaDateTime(at: Date | number | string): string {
  const t = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  const iso = new Date(t + OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The last `n` days ending today, oldest first. */
export function lastDays(n: number, today = dayOf()): string[] {
  return Array.from({ length: n }, (_, i) => addDays(today, i - n + 1));
}

/** Monday of the week of `day`. */
export function weekStart(day = dayOf()): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addDays(day, -((dow + 6) % 7));
}

/** A small deterministic generator (mulberry32) so seeds and benchmarks repeat exactly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
