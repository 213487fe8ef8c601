import type { DynamicItem, FollowUp } from '@huoke/contracts';
import { describe, expect, it } from 'vitest';
import { mergeTimeline } from './timeline';

const note = (id: number, at: string): FollowUp => ({
  id,
  visitorId: 1,
  userId: 2,
  userName: '李员工',
  text: `note ${id}`,
  stage: 'working',
  fromStage: null,
  nextContactOn: null,
  createdAt: at,
});
const event = (id: number, at: string): DynamicItem => ({
  id,
  kind: 4,
  customerClueSourceString: '文章',
  message: `event ${id}`,
  isNewDay: false,
  day: at.slice(0, 10),
  time: at.slice(11, 16),
  createTimeString: at,
});

describe('follow-up timeline', () => {
  it('puts notes beside events, newest first, a note before an event of the same moment', () => {
    const merged = mergeTimeline(
      [note(1, '2026-01-02T10:00:00.000Z'), note(2, '2026-01-01T08:00:00.000Z')],
      [event(10, '2026-01-02T10:00:00.000Z'), event(11, '2026-01-01T09:00:00.000Z')],
    );
    expect(merged.map((e) => ('followUp' in e ? `n${e.followUp.id}` : `e${e.event.id}`))).toEqual([
      'n1',
      'e10',
      'e11',
      'n2',
    ]);
  });

  it('reads an event time that carries its paging cursor (as the server sends it)', () => {
    const merged = mergeTimeline(
      [note(3, '2026-11-26T08:20:00.000Z')],
      [event(12, '2026-11-27T14:10:28.295Z~36'), event(13, '2026-11-25T09:00:00.000Z~7')],
    );
    expect(merged.map((e) => ('followUp' in e ? `n${e.followUp.id}` : `e${e.event.id}`))).toEqual(['e12', 'n3', 'e13']);
  });
});
