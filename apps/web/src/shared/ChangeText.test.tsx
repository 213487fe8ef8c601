import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ChangeText, changeParts } from './ChangeText';
import common from './locales';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { common: common['zh-CN'] }, en: { common: common.en } },
    interpolation: { escapeValue: false },
  });
});

const render = (change: number | null, lng = 'zh-CN') => {
  i18n.changeLanguage(lng);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <ChangeText change={change} />
    </I18nextProvider>,
  );
};

describe('changeParts', () => {
  it('gives a direction and an unsigned percentage to one decimal', () => {
    expect(changeParts(0.125)).toEqual({ dir: 'up', pct: '12.5%' });
    expect(changeParts(-0.5)).toEqual({ dir: 'down', pct: '50%' });
    expect(changeParts(0)).toEqual({ dir: 'flat', pct: '0%' });
    expect(changeParts(0.0004)).toEqual({ dir: 'flat', pct: '0%' });
    expect(changeParts(null)).toEqual({ dir: 'none', pct: '' });
  });
});

describe('ChangeText', () => {
  it('shows a rise in red with an up arrow and a fall in green with a down arrow, without a second sign', () => {
    const up = render(0.5);
    expect(up).toContain('data-change="up"');
    expect(up).toContain('color:#cf1322');
    expect(up).toContain('arrow-up');
    expect(up).toContain('aria-label="上升 50%"');
    const down = render(-0.25);
    expect(down).toContain('color:#3f8600');
    expect(down).toContain('arrow-down');
    expect(down).not.toContain('-25%');
    expect(render(-0.25, 'en')).toContain('aria-label="down 25%"');
  });
  it('says 持平 when equal, and — (not 持平) when the period before was 0', () => {
    expect(render(0)).toContain('持平');
    const none = render(null);
    expect(none).toContain('—');
    expect(none).not.toContain('持平');
    expect(none).toContain('上期为 0，无法计算变化');
  });
});
