import { PAGE_SIZE } from '@huoke/contracts/constants';
import type { PaginationProps } from 'antd';
import type { CSSProperties } from 'react';
import i18n from './i18n';

/**
 * SPEC §5's pagination, one for every list: 「共 N 条」, prev, pager, next, jumper; 10 a page unless the list
 * has its own size (§9); hidden when there is nothing to page.
 */
export function pagination(opts: {
  current: number;
  total: number | undefined;
  onChange: (page: number) => void;
  pageSize?: number;
  size?: 'small' | 'middle';
  style?: CSSProperties;
}): PaginationProps & { style?: CSSProperties } {
  const total = opts.total ?? 0;
  return {
    current: opts.current,
    pageSize: opts.pageSize ?? PAGE_SIZE.list,
    total,
    size: opts.size,
    showTotal: (n: number) => i18n.t('common:pageTotal', { n }),
    showQuickJumper: true,
    showSizeChanger: false,
    hideOnSinglePage: false,
    onChange: opts.onChange,
    // A Table's pager has no `hidden`: display none keeps the rule in one place for tables and bare pagers.
    style: total === 0 ? { ...opts.style, display: 'none' } : opts.style,
  };
}
