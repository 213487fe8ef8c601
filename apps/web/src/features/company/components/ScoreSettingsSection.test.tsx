// @vitest-environment jsdom
import { SCORE_POINTS } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../shared/i18n';
import { renderView, server } from '../../../test/render';
import { ScoreSettingsSection } from './ScoreSettingsSection';

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('线索分设置', () => {
  it('asks for an emptied half-life in its own words (English)', async () => {
    server.use(
      http.get('/api/cus/leads/ScoreSettings', () =>
        HttpResponse.json({ halfLifeDays: 7, points: SCORE_POINTS, isDefault: true }),
      ),
    );
    const user = userEvent.setup();
    await i18n.changeLanguage('en');
    renderView(<ScoreSettingsSection />);
    const halfLife = await screen.findByLabelText('Half-life (days)');
    await user.clear(halfLife);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // antd's default said "Please enter Half-life (days)".
    expect(await screen.findByText('Enter the half-life')).toBeTruthy();
  });
});
