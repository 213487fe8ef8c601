// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderView, server } from '../../../test/render';
import MessageDrawer from './MessageDrawer';

/** The viewport answers the console's phone query (max-width) as a 390 px phone does, or as a desktop. */
function viewport(phone: boolean) {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...real(query),
    matches: phone && query.includes('max-width'),
  }));
}

const noMessages = () =>
  server.use(
    http.post('/api/maint/message/GetMessagePage', () => HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 })),
    http.put('/api/maint/message/ReadClass/:classId', () => HttpResponse.json({ ok: true })),
  );

/** Where the drawer's tab bar stands: antd names it on the tabs' root (ant-tabs-top, ant-tabs-start, …). */
const tabsPlacement = async () => {
  const tab = await screen.findByRole('tab', { name: /系统消息/ });
  const root = tab.closest('.ant-tabs');
  return ['top', 'start', 'left'].filter((p) => root?.classList.contains(`ant-tabs-${p}`));
};

describe('消息 drawer', () => {
  afterEach(() => vi.restoreAllMocks());

  // A column of tabs beside the list took ~40 % of a 390 px phone: a message wrapped a few words a line.
  it('puts the tabs above the messages on a phone', async () => {
    viewport(true);
    noMessages();
    renderView(<MessageDrawer open onClose={() => {}} counts={[]} />);
    expect(await tabsPlacement()).toEqual(['top']);
  });

  it('keeps the tabs beside the messages on a desktop', async () => {
    viewport(false);
    noMessages();
    renderView(<MessageDrawer open onClose={() => {}} counts={[]} />);
    expect(await tabsPlacement()).not.toContain('top');
  });
});
