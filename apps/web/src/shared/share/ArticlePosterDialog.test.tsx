// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../test/render';
import { ArticlePosterDialog } from './ArticlePosterDialog';

describe('文章海报', () => {
  it("shows the name's first character for an author without a photo, not an empty circle", async () => {
    server.use(
      http.get('/api/caspush/SstArticleShare/GetArticleCardAsync', () =>
        HttpResponse.json({ name: '李员工', avatar: '' }),
      ),
      http.get('/api/caspush/articlemanager/:id', () =>
        HttpResponse.json({
          id: 7,
          title: '春季新品',
          content: '<p>正文</p>',
          articleFrom: '',
          createTime: '2026-12-01T08:00:00.000Z',
        }),
      ),
    );
    renderView(<ArticlePosterDialog open articleId={7} qrCode="data:image/png;base64," showCard onClose={() => {}} />);
    expect(await screen.findByText('春季新品')).toBeTruthy();
    const author = screen.getByText('李员工').closest('div')?.parentElement;
    expect(author?.querySelector('.ant-avatar')?.textContent).toBe('李');
    expect(author?.querySelector('img')).toBeNull();
  });
});
