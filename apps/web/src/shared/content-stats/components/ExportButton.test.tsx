// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { toastsSaying } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { clearMessages } from '../../request';
import { ExportButton } from './ExportButton';

beforeEach(() => clearMessages());

describe('导出 refused by the server', () => {
  // Every refusal was said as 导出失败，请重试, whatever the server said (a retry then fails the same way).
  it('says the server’s own words', async () => {
    server.use(
      http.get('/api/stats/exports/visitors', () =>
        HttpResponse.json(
          { status: 429, title: 'Too Many Requests', detail: '导出过于频繁，请 1 分钟后再试' },
          { status: 429, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    renderView(<ExportButton url="/stats/exports/visitors" testId="export-visitors" />);
    fireEvent.click(await screen.findByTestId('export-visitors'));
    await waitFor(() => expect(toastsSaying('导出过于频繁，请 1 分钟后再试')).toHaveLength(1));
    expect(toastsSaying('导出失败')).toHaveLength(0);
  });

  it('says 导出失败，请重试 when the server said nothing', async () => {
    server.use(http.get('/api/stats/exports/visitors', () => new HttpResponse(null, { status: 502 })));
    renderView(<ExportButton url="/stats/exports/visitors" testId="export-visitors" />);
    fireEvent.click(await screen.findByTestId('export-visitors'));
    await waitFor(() => expect(toastsSaying('导出失败，请重试')).toHaveLength(1));
  });
});
