import { describe, expect, it } from 'vitest';
import { CompanyVersions } from '../../lib/company-versions.js';
import { PagePositions } from './page-positions.js';

const page = (positions: PagePositions, offset: number) => positions.get(`score:1:0:${offset}`, positions.version(1));

describe('where visitor list pages start (PAGE_START_MS)', () => {
  it('keeps the start of a page served and of the next one while the company is unchanged', () => {
    const versions = new CompanyVersions();
    const positions = new PagePositions(versions, 10_000);
    positions.record('score:1:0', 20, 10, positions.version(1), { seen: '7.5', id: 31 }, { seen: '7.2', id: 40 });
    expect(page(positions, 20)).toMatchObject({ seen: '7.5', id: 31 });
    expect(page(positions, 30)).toMatchObject({ seen: '7.2', id: 40 });
    expect(page(positions, 40)).toBeUndefined();
    void versions.bump(1, 'events');
    expect(page(positions, 20)).toBeUndefined();
  });

  it('keeps none at 0: every page by number is then read as a first read is', () => {
    const positions = new PagePositions(new CompanyVersions(), 0);
    positions.record('score:1:0', 20, 10, positions.version(1), { seen: '7.5', id: 31 }, { seen: '7.2', id: 40 });
    expect(page(positions, 20)).toBeUndefined();
    expect(page(positions, 30)).toBeUndefined();
  });
});
