import type { DynamicItem, FollowUp } from '@huoke/contracts';

type TimelineEntry = { at: string; followUp: FollowUp } | { at: string; event: DynamicItem };

/** An entry's time: events carry their paging cursor after the time (`2026-11-27T14:10:28.295Z~36`). */
const timeOf = (at: string) => Date.parse(at.split('~')[0]);

/** Follow-up notes beside the visitor's own events, newest first (ties: the note first). */
export function mergeTimeline(followUps: FollowUp[], events: DynamicItem[]): TimelineEntry[] {
  const all: TimelineEntry[] = [
    ...followUps.map((f) => ({ at: f.createdAt, followUp: f })),
    ...events.map((e) => ({ at: e.createTimeString, event: e })),
  ];
  return all.sort((a, b) => {
    const d = timeOf(b.at) - timeOf(a.at);
    return d !== 0 ? d : ('followUp' in a ? -1 : 0) - ('followUp' in b ? -1 : 0);
  });
}
