// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderView } from '../../test/render';
import { PosterDialog } from './PosterDialog';

describe('海报详情', () => {
  it('says a poster without an image has none, instead of an empty box (and asks the server nothing)', async () => {
    renderView(<PosterDialog open imageUrl="" onClose={() => {}} />);
    expect(await screen.findByText('该海报没有图片')).toBeTruthy();
    expect(screen.getByRole('button', { name: '下载海报' }).hasAttribute('disabled')).toBe(true);
  });
});
