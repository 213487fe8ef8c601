// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { ExpandTool } from './ExpandTool';

describe('拓词: 保存词组', () => {
  it('saves from Enter in 词组名称, as its button does', async () => {
    const user = userEvent.setup();
    const saved: { name: string }[] = [];
    server.use(
      http.get('/api/newmedia/ExpandWords/Sets', () => HttpResponse.json({ data: [] })),
      http.post('/api/newmedia/ExpandWords/Generate', () =>
        HttpResponse.json({
          total: 1,
          capped: false,
          words: [{ keyword: '获客系统', searchVolume: null, videoCount: null }],
        }),
      ),
      http.post('/api/newmedia/ExpandWords/Sets', async ({ request }) => {
        saved.push((await request.json()) as { name: string });
        return HttpResponse.json({ id: 1 });
      }),
    );
    renderView(<ExpandTool />);
    await user.type(screen.getByTestId('expand-cores'), '获客系统');
    await user.click(screen.getByRole('button', { name: '生成长尾词' }));
    const name = await screen.findByTestId('expand-set-name');
    await user.type(name, '第一组{Enter}');
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['第一组']));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    await waitFor(() => expect((name as HTMLInputElement).value).toBe(''));
  });
});
