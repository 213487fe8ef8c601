// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../test/render';
import { ContentPicker } from './ContentPicker';

const article = (id: number, title: string) => ({ id, title, thumbnail: '' });

describe('选择文章', () => {
  it('does not offer the article whose related articles are chosen', async () => {
    server.use(
      http.post('/api/caspush/articlemanager/GetPickerList', () =>
        HttpResponse.json({ data: [article(1, '本文'), article(2, '另一篇')], totalCount: 2, pageIndex: 1 }),
      ),
    );
    renderView(<ContentPicker kind="article" open value={[]} exclude={1} onOk={() => {}} onCancel={() => {}} />);
    expect(await screen.findByText('另一篇')).toBeTruthy();
    expect(screen.queryByText('本文')).toBeNull();
  });
});
