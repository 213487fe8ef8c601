// @vitest-environment happy-dom
import type { VideoItem } from '@huoke/contracts';
import { PICKER_VALUE } from '@huoke/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { VideoCard } from './VideoCard';

const video: VideoItem = {
  id: 7,
  title: '产品演示',
  videoPicUrl: '',
  sstTypeString: '',
  wjtVideoTypeId: null,
  createBy: '王管理',
  authorId: 1,
  createTime: '2026-12-01T08:00:00.000Z',
  fileId: 3,
  fileUrl: '/api/fs/raw/c1/a.mp4',
  description: '',
  isEnterprise: false,
  canEdit: true,
};

const noop = () => {};

/** The card in the grid, with the set-as-enterprise call answered; `sent` lists the ids it was sent for. */
function card() {
  const sent: string[] = [];
  server.use(
    http.get('/api/caspush/v2/WjtVideo/SetEnterpriseAsync', ({ request }) => {
      sent.push(new URL(request.url).searchParams.get('id') ?? '');
      return HttpResponse.json({ id: 7, isEnterprise: true });
    }),
  );
  const { container } = renderView(
    <VideoCard
      v={video}
      tab={PICKER_VALUE.mine}
      stat={undefined}
      setPlaying={noop}
      setSharing={noop}
      setStatsItem={noop}
      remove={noop}
    />,
  );
  return { sent, card: within(container) };
}

/** The question just opened (the last in the page: one closed before may still be fading out). */
const question = async () => {
  await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(0));
  return within(screen.getAllByRole('dialog').at(-1) as HTMLElement);
};

describe('a video card', () => {
  it('asks before showing a video to the whole company, naming it, and sends nothing when cancelled', async () => {
    const user = userEvent.setup();
    const { sent, card: c } = card();
    await user.click(await c.findByRole('button', { name: '设为企业视频' }));
    const q = await question();
    expect(q.getByText('设为企业视频后，企业所有成员都能看到并分享《产品演示》。')).toBeTruthy();
    await user.click(q.getByRole('button', { name: '取 消' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toEqual([]);
  });

  it('names a video without a cover on its tile, beside the play button', async () => {
    const { card: c } = card();
    const play = await c.findByRole('button', { name: '播放 产品演示' });
    expect(play.textContent).toContain('产品演示');
  });

  it('sets it once the question is answered with its own button', async () => {
    const user = userEvent.setup();
    const { sent, card: c } = card();
    await user.click(await c.findByRole('button', { name: '设为企业视频' }));
    await user.click((await question()).getByRole('button', { name: '设为企业视频' }));
    await waitFor(() => expect(sent).toEqual(['7']));
  });
});
