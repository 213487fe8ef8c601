import { Pagination } from 'antd';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import common from './locales';

vi.mock('./i18n', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { common: common['zh-CN'] }, en: { common: common.en } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  return { default: i18n };
});

const { pagination } = await import('./pagination');
const i18n = (await import('./i18n')).default;

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('pagination (SPEC §5)', () => {
  it('shows 共 N 条, prev, pages, next and the jumper, 10 a page', () => {
    const props = pagination({ current: 1, total: 35, onChange: () => {} });
    expect(props.pageSize).toBe(10);
    const html = renderToString(<Pagination {...props} />);
    expect(text(html)).toContain('共 35 条');
    expect(html).toContain('ant-pagination-prev');
    expect(html).toContain('ant-pagination-next');
    expect(html).toContain('ant-pagination-options-quick-jumper');
    expect(html).toContain('title="4"');
    expect(html).not.toContain('title="5"');
  });

  it('is hidden when there is nothing to page, and keeps the caller style otherwise', () => {
    expect(pagination({ current: 1, total: 0, onChange: () => {} }).style).toEqual({ display: 'none' });
    expect(pagination({ current: 1, total: undefined, onChange: () => {}, style: { marginTop: 8 } }).style).toEqual({
      marginTop: 8,
      display: 'none',
    });
    expect(pagination({ current: 1, total: 1, onChange: () => {}, style: { marginTop: 8 } }).style).toEqual({
      marginTop: 8,
    });
  });

  it('a list with its own page size (SPEC §9) keeps it; the total speaks English in English', async () => {
    expect(pagination({ current: 2, total: 40, onChange: () => {}, pageSize: 15 }).pageSize).toBe(15);
    await i18n.changeLanguage('en');
    try {
      const html = renderToString(<Pagination {...pagination({ current: 1, total: 12, onChange: () => {} })} />);
      expect(text(html)).toContain('12 in total');
      expect(text(html)).not.toMatch(/[\u4e00-\u9fff]/);
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});

describe('PagedTable', () => {
  it('draws one page of a paged answer with its cells and the pager of the whole total', async () => {
    await i18n.changeLanguage('zh-CN');
    const { PagedTable } = await import('./PagedTable');
    const page = { data: [{ id: 7, name: '张三' }], totalCount: 23 };
    const html = renderToString(
      <PagedTable<{ id: number; name: string }>
        page={page}
        current={3}
        onPage={() => {}}
        columns={[{ title: '姓名', dataIndex: 'name' }]}
      />,
    );
    expect(text(html)).toContain('张三');
    expect(text(html)).toContain('共 23 条');
    expect(html).toContain('data-row-key="7"');
    expect(html).toContain('ant-pagination-item-active');
    expect(html).toMatch(/ant-pagination-item-3[^"]*ant-pagination-item-active/);
  });
});
