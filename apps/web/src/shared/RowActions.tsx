import { Space } from 'antd';
import type { ReactNode } from 'react';
import './RowActions.css';

/**
 * A table row's actions (small link buttons): 10 px apart without each button's own side padding; in Chinese on one
 * line, the column taking the room they need (an article's five wrapped at 1440 px when the table squeezed their
 * column), in English and on a phone's card wrapped (RowActions.css).
 */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Space size={10} className="row-actions">
      {children}
    </Space>
  );
}
