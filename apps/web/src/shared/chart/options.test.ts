import { describe, expect, it } from 'vitest';
import { LEGEND_ROOM, lineOption, NARROW_CHART } from './options';

const chart = (n: number) => ({
  categories: ['2026-12-04', '2026-12-05'],
  series: Array.from({ length: n }, (_, i) => ({ name: `series ${i}`, data: [1, 2] })),
});

describe('line charts', () => {
  // The workbench trend on a phone in English: Visitors, Leads with phone, Inquiries and Shares wrap onto two rows,
  // and the second sat on the y axis's top label.
  it('leave room for a two-row legend when narrow and drawing several series', () => {
    const o = lineOption(chart(4)) as { grid: { top: number }; media: { query: object; option: object }[] };
    expect(o.grid.top).toBe(LEGEND_ROOM.oneRow);
    expect(o.media).toEqual([{ query: { maxWidth: NARROW_CHART }, option: { grid: { top: LEGEND_ROOM.twoRows } } }]);
    expect(LEGEND_ROOM.twoRows - LEGEND_ROOM.oneRow).toBeGreaterThanOrEqual(24);
  });

  it('keep one row when two series fit', () => {
    expect((lineOption(chart(2)) as { media?: unknown }).media).toBeUndefined();
  });
});

describe('line charts of figures that coincide', () => {
  it('fill an `area` series and draw a `top` one above the others with a dot on each day', () => {
    const o = lineOption({
      categories: ['2026-12-04', '2026-12-05'],
      series: [
        { name: 'visitors', data: [1, 2], top: true },
        { name: 'views', data: [1, 2], area: true },
        { name: 'plain', data: [0, 1] },
      ],
    }) as { series: { z?: number; areaStyle?: object; showSymbol: boolean }[] };
    const [top, area, plain] = o.series;
    expect(top).toMatchObject({ z: 3, showSymbol: true });
    expect(top!.areaStyle).toBeUndefined();
    expect(area!.areaStyle).toBeTruthy();
    expect(area!.z).toBeUndefined();
    expect(plain).toMatchObject({ showSymbol: false });
    expect(plain!.areaStyle).toBeUndefined();
  });
});
