import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HotText } from './HotText';

describe('HotText', () => {
  it('draws the flame of a hot title as an icon and keeps the stored text, 🔥 included, unseen', () => {
    const html = renderToString(<HotText text="🔥 王五：读了 3 分钟《白皮书》" />);
    expect(html).toContain('anticon-fire');
    expect(html).toMatch(/<span style="position:absolute[^"]*clip:rect\(0 0 0 0\)[^"]*">🔥<\/span>/);
    expect(html.replace(/<[^>]+>/g, '')).toBe('🔥 王五：读了 3 分钟《白皮书》');
  });

  it('leaves any other title as it is', () => {
    expect(renderToString(<HotText text="王五 查看了名片" />)).toBe('王五 查看了名片');
  });
});
