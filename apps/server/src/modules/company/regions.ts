import type { RegionNode } from '@huoke/contracts';
import { areaList } from '@vant/area-data';

/**
 * China's provinces, cities and districts from @vant/area-data (GB/T 2260 codes, maintained by the
 * Vant project). Codes are 6 digits: PP0000 province, PPCC00 city, PPCCDD district.
 */
const trees = new Map<number, RegionNode[]>();

function build(level: number): RegionNode[] {
  const cities = new Map<string, RegionNode[]>();
  const counties = new Map<string, RegionNode[]>();
  if (level >= 3) {
    for (const [code, label] of Object.entries(areaList.county_list)) {
      const key = code.slice(0, 4);
      const list = counties.get(key) ?? [];
      list.push({ value: Number(code), label });
      counties.set(key, list);
    }
  }
  if (level >= 2) {
    for (const [code, label] of Object.entries(areaList.city_list)) {
      const key = code.slice(0, 2);
      const list = cities.get(key) ?? [];
      const children = counties.get(code.slice(0, 4));
      list.push(children ? { value: Number(code), label, children } : { value: Number(code), label });
      cities.set(key, list);
    }
  }
  return Object.entries(areaList.province_list).map(([code, label]) => {
    const children = cities.get(code.slice(0, 2));
    return children ? { value: Number(code), label, children } : { value: Number(code), label };
  });
}

/** The cascader tree down to `level` (1 provinces, 2 cities, 3 districts). */
export function regionTree(level: number): RegionNode[] {
  let tree = trees.get(level);
  if (!tree) {
    tree = build(level);
    trees.set(level, tree);
  }
  return tree;
}

/** Any level may be chosen (SPEC §3: cascader, any level selectable). */
export function regionExists(id: number): boolean {
  const code = String(id);
  return code in areaList.province_list || code in areaList.city_list || code in areaList.county_list;
}
