// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderView } from '../../test/render';
import i18n from '../i18n';
import { ImageField } from './ImageField';

describe('ImageField', () => {
  afterEach(async () => {
    await i18n.changeLanguage('zh-CN');
  });

  // It was named 头像 alone while it shows 选择图片: a screen reader's name should hold what the button says.
  it('names the choose button by what it shows and the field it fills', async () => {
    renderView(
      <>
        <ImageField label="头像" />
        <ImageField label="封面图片" value="/files/a.png" />
      </>,
    );
    expect(await screen.findByRole('button', { name: '选择图片：头像' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '更换图片：封面图片' })).toBeTruthy();
  });

  it('names it in English too', async () => {
    await i18n.changeLanguage('en');
    renderView(<ImageField label="Avatar" />);
    expect(await screen.findByRole('button', { name: 'Choose image: Avatar' })).toBeTruthy();
  });

  // English "No image chosen" ran out of the 96 px box on one line: its words wrap inside the box now, under an
  // icon, and the box is a picture named by them.
  it('shows an empty field as a picture named 未选择图片 whose words wrap inside the box', async () => {
    await i18n.changeLanguage('en');
    renderView(<ImageField label="Avatar" />);
    const box = await screen.findByRole('img', { name: 'No image chosen' });
    const style = getComputedStyle(box);
    expect(style.width).toBe('96px');
    expect(style.boxSizing).toBe('border-box');
    expect(style.whiteSpace).toBe('normal');
    expect(style.overflow).toBe('hidden');
    expect(box.textContent).toBe('No image chosen');
  });
});
