// @vitest-environment happy-dom
import type { ImportReport } from '@huoke/contracts';
import { mediaImportRoutes } from '@huoke/contracts/routes/newmedia';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../test/render';
import { importTarget } from './api';
import { DataImport } from './DataImport';

describe('import card (引流获客 / 拓词工具)', () => {
  it('uploads the file to the route of its kind and lists the rejected rows with line, column and reason', async () => {
    // The test DOM's File does not reach MSW's request body intact (its content reads as undefined): the field is checked.
    const sent: { kind: string; file: boolean }[] = [];
    server.use(
      http.post('/api/newmedia/Import/:kind', async ({ params, request }) => {
        sent.push({ kind: String(params.kind), file: (await request.formData()).has('file') });
        return HttpResponse.json({
          kind: String(params.kind),
          total: 3,
          accepted: 2,
          rejectedCount: 1,
          rejected: [{ line: 3, column: '热度', message: '应为不小于0的整数' }],
        } satisfies ImportReport);
      }),
    );
    const user = userEvent.setup();
    const { container } = renderView(
      <DataImport
        target={importTarget(mediaImportRoutes, { kind: 'keyword-heat' })}
        title="导入关键词热度"
        templateName="keyword-heat"
      />,
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['关键词,热度\n装修,12\n'], 'heat.csv', { type: 'text/csv' }));
    const report = await screen.findByTestId('import-report');
    expect(within(report).getByText('共 3 行，导入 2 行，未导入 1 行')).toBeTruthy();
    expect(within(report).getByText('应为不小于0的整数')).toBeTruthy();
    expect(within(report).getByText('热度')).toBeTruthy();
    expect(sent).toEqual([{ kind: 'keyword-heat', file: true }]);
  });
});
