// @vitest-environment happy-dom
import { EVENT_KIND, type LeadSource } from '@huoke/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n';
import { NO_LEAD_SOURCE } from '../../../test/fixtures';
import { renderView, server } from '../../../test/render';
import { LeadSourceLine } from './LeadSourceLine';

const none = NO_LEAD_SOURCE;

function sourceServer(answer: LeadSource) {
  server.use(http.get('/api/cus/chains/LeadSource/:id', () => HttpResponse.json(answer)));
}

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

const sourceText = async () => (await screen.findByTestId('lead-source')).textContent;

describe('lead source line (线索详情)', () => {
  it("reads a direct visit as the sharer's share of the content, its title quoted as the radar quotes titles", async () => {
    sourceServer({ ...none, via: 'direct', sharerName: '李员工', shareCode: 'abc', title: '2026年度获客白皮书' });
    renderView(<LeadSourceLine id={7} />);
    expect(await sourceText()).toBe('来源：李员工 分享的《2026年度获客白皮书》');
  });

  it('names the sharer alone when the share has no title, and the link alone when nobody shared it', async () => {
    sourceServer({ ...none, via: 'direct', sharerName: '李员工', shareCode: 'abc' });
    const first = renderView(<LeadSourceLine id={7} />);
    expect(await sourceText()).toBe('来源：李员工 分享的链接');
    first.unmount();
    sourceServer({ ...none, via: 'direct', shareCode: 'abc', title: '产品手册' });
    renderView(<LeadSourceLine id={8} />);
    expect(await sourceText()).toBe('来源：《产品手册》的分享链接');
  });

  it('names a business card as one, since a card has no title of its own', async () => {
    sourceServer({ ...none, via: 'direct', sharerName: '王管理', shareCode: 'c1', title: '', kind: EVENT_KIND.card });
    const first = renderView(<LeadSourceLine id={7} />);
    expect(await sourceText()).toBe('来源：王管理 分享的名片');
    first.unmount();
    // A live card share is titled 「王管理的名片」: still named as the card, not 「王管理 分享的《王管理的名片》」.
    sourceServer({
      ...none,
      via: 'direct',
      sharerName: '王管理',
      shareCode: 'c2',
      title: '王管理的名片',
      kind: EVENT_KIND.card,
    });
    const titled = renderView(<LeadSourceLine id={9} />);
    expect(await sourceText()).toBe('来源：王管理 分享的名片');
    titled.unmount();
    sourceServer({ ...none, via: 'forward', forwarderId: 3, forwarderName: '王五', depth: 2, kind: EVENT_KIND.card });
    const second = renderView(<LeadSourceLine id={8} />);
    expect(await sourceText()).toBe('来源：王五 转发（第 2 层）·名片');
    second.unmount();
    // A product opened inside the card keeps its own title.
    sourceServer({
      ...none,
      via: 'direct',
      sharerName: '李员工',
      shareCode: 'c2',
      title: '云监控套装',
      kind: EVENT_KIND.product,
    });
    renderView(<LeadSourceLine id={9} />);
    expect(await sourceText()).toBe('来源：李员工 分享的《云监控套装》');
  });

  it('names the forwarder and the level of a forwarded lead, then the title when the share has one', async () => {
    sourceServer({ ...none, via: 'forward', forwarderId: 3, forwarderName: '王五', depth: 2, shareCode: 'abc' });
    const first = renderView(<LeadSourceLine id={7} />);
    expect(await sourceText()).toBe('来源：王五 转发（第 2 层）');
    // The forwarder is a link to their own lead.
    expect(screen.getByRole('link', { name: '王五' }).getAttribute('href')).toBe('/private-guest/radar?id=3');
    first.unmount();
    sourceServer({ ...none, via: 'forward', forwarderId: 3, forwarderName: '王五', depth: 2, title: '产品手册' });
    renderView(<LeadSourceLine id={8} />);
    expect(await sourceText()).toBe('来源：王五 转发（第 2 层）·《产品手册》');
  });

  it('names an anonymous forwarder by number, as the spread view does, and links to their lead', async () => {
    sourceServer({ ...none, via: 'forward', forwarderId: 5, depth: 3, title: '产品手册' });
    renderView(<LeadSourceLine id={9} />);
    expect(await sourceText()).toBe('来源：匿名访客 #5 转发（第 3 层）·《产品手册》');
    expect(screen.getByRole('link', { name: '匿名访客 #5' }).getAttribute('href')).toBe('/private-guest/radar?id=5');
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    sourceServer({ ...none, via: 'direct', sharerName: 'Li', shareCode: 'abc', title: 'Whitepaper' });
    const first = renderView(<LeadSourceLine id={7} />);
    expect(await sourceText()).toBe('Source: “Whitepaper”, shared by Li');
    first.unmount();
    sourceServer({ ...none, via: 'forward', forwarderId: 3, forwarderName: 'Wang', depth: 2, title: 'Whitepaper' });
    const second = renderView(<LeadSourceLine id={8} />);
    expect(await sourceText()).toBe('Source: forwarded by Wang (level 2) · “Whitepaper”');
    second.unmount();
    sourceServer({ ...none, via: 'direct', sharerName: 'Li', shareCode: 'abc' });
    const third = renderView(<LeadSourceLine id={9} />);
    expect(await sourceText()).toBe('Source: a link shared by Li');
    third.unmount();
    sourceServer({ ...none, via: 'direct', sharerName: 'Li', shareCode: 'c1', kind: EVENT_KIND.card });
    renderView(<LeadSourceLine id={10} />);
    expect(await sourceText()).toBe('Source: a business card shared by Li');
  });

  it('a failed call says 来源：加载失败 with 重试, not nothing as for a lead with no share; 重试 shows the source', async () => {
    let calls = 0;
    server.use(
      http.get('/api/cus/chains/LeadSource/:id', () =>
        ++calls === 1
          ? HttpResponse.json({ title: '服务器错误', status: 500 }, { status: 500 })
          : HttpResponse.json({ ...none, via: 'direct', sharerName: '李员工', shareCode: 'abc', title: '白皮书' }),
      ),
    );
    renderView(<LeadSourceLine id={7} />);
    expect(await sourceText()).toBe('来源：加载失败重试');
    fireEvent.click(screen.getByText('重试'));
    await waitFor(async () => expect(await sourceText()).toBe('来源：李员工 分享的《白皮书》'));
  });
});
