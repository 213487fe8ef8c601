import { describe, expect, it } from 'vitest';
import { htmlToParagraphs, layoutText } from './articlePosterCanvas';

/** Every character 1 unit wide: a width of 10 holds 10 characters. */
const measure = (s: string) => [...s].length;

describe('article poster text (文章海报)', () => {
  const html =
    '<h2>产品介绍</h2><p>第一段：我们的产品&amp;服务。</p><p>第二段第一行<br>第二段第二行</p><div><span>第三段</span></div>';

  it('keeps paragraphs and line breaks of the article', () => {
    expect(htmlToParagraphs(html)).toEqual([
      '产品介绍',
      '第一段：我们的产品&服务。',
      '第二段第一行\n第二段第二行',
      '第三段',
    ]);
  });

  it('lays out each paragraph on its own lines with an empty line between paragraphs', () => {
    expect(layoutText(htmlToParagraphs(html), measure, 10, 20)).toEqual([
      '产品介绍',
      '',
      '第一段：我们的产品&',
      '服务。',
      '',
      '第二段第一行',
      '第二段第二行',
      '',
      '第三段',
    ]);
  });

  it('ends with an ellipsis when the text does not fit', () => {
    const lines = layoutText(['一二三四五六七八九十一二三四五六七八九十', '第二段'], measure, 10, 2);
    expect(lines).toEqual(['一二三四五六七八九十', '一二三四五六七八九…']);
  });
});
