// @vitest-environment jsdom
import type { LeadSource } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { LeadSourceLine } from './LeadSourceLine';

const none: LeadSource = {
  via: 'none',
  forwarderId: null,
  forwarderName: null,
  depth: null,
  sharerName: null,
  shareCode: null,
  title: null,
};

function sourceServer(answer: LeadSource) {
  server.use(http.get('/api/cus/chains/LeadSource/:id', () => HttpResponse.json(answer)));
}

describe('lead source line (线索详情)', () => {
  it("names the sharer and quotes the content's title as the radar quotes titles", async () => {
    sourceServer({ ...none, via: 'direct', sharerName: '李员工', shareCode: 'abc', title: '2026年度获客白皮书' });
    renderView(<LeadSourceLine id={7} />);
    expect((await screen.findByTestId('lead-source')).textContent).toBe('来源：李员工的分享 ·《2026年度获客白皮书》');
  });

  it('names the forwarder and the level of a forwarded lead, without a title when the share has none', async () => {
    sourceServer({ ...none, via: 'forward', forwarderId: 3, forwarderName: '王五', depth: 2, shareCode: 'abc' });
    renderView(<LeadSourceLine id={7} />);
    expect((await screen.findByTestId('lead-source')).textContent).toBe('来源：王五 转发（第 2 层）');
  });
});
