import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CampaignProgress } from '@taice/contract';
import { i18nReady } from '../../../shared/i18n/i18n';
import { useLoginDialog } from '../../../shared/session/login-dialog';
import type { CampaignView } from '../api/use-campaign-detail';
import { MyProgress } from './my-progress';

const campaign: CampaignView = {
  id: 4,
  title: 'Weekly Watch Marathon',
  banner: '',
  starts_at: '2026-11-20T00:00:00.000Z',
  ends_at: '2026-11-27T00:00:00.000Z',
  status: 'ongoing',
  jackpot: 10_000,
  currency: 'TAICE',
  participants: 8,
  split: 'rank',
  join_mode: 'explicit',
  winners: 3,
  rules: 'Join, then watch.',
  conditions: { min_watched: 5, min_invites: 0, min_shares: 1 },
  rank_shares: [50, 30, 20],
  draw_commitment: null,
  draw_seed: null,
  me: null,
  results: [],
  server_time: '2026-11-22T00:00:00.000Z',
  clockOffset: 0,
};

const me = (progress: Partial<CampaignProgress>): CampaignProgress => ({
  joined: false,
  watched: 0,
  invites: 0,
  shares: 0,
  qualified: false,
  reward: null,
  ...progress,
});

async function show(view: CampaignView) {
  await i18nReady;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MyProgress campaign={view} />
    </QueryClientProvider>,
  );
  return screen.getByTestId('my-progress');
}

describe('the caller’s progress in a campaign', () => {
  it('shows a visitor the goals and opens the login dialog on Join', async () => {
    const panel = await show(campaign);
    expect(within(panel).getByRole('heading').textContent).toBe('What it takes');
    expect(within(panel).getByTestId('condition-watched').textContent).toContain('Goal: 5');
    expect(within(panel).queryByTestId('condition-invites')).toBeNull();
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Join' }));
    expect(useLoginDialog.getState().open).toBe(true);
  });

  it('shows a member who joined their figures against each condition, without a Join button', async () => {
    const panel = await show({ ...campaign, me: me({ joined: true, watched: 3, shares: 1 }) });
    expect(within(panel).getByTestId('joined').textContent).toBe('You have joined');
    expect(within(panel).getByTestId('qualified-state').textContent).toBe('Not qualified yet');
    const watched = within(panel).getByRole('progressbar', { name: 'Videos watched' });
    expect(watched.getAttribute('aria-valuenow')).toBe('3');
    expect(watched.getAttribute('aria-valuemax')).toBe('5');
    expect(within(panel).getByTestId('condition-shares').textContent).toContain('1 / 1');
    expect(within(panel).queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('offers no way in once the campaign is over, and says the member did not take part', async () => {
    const panel = await show({ ...campaign, status: 'ended', me: me({ watched: 9 }) });
    expect(panel.textContent).toContain('You did not join this campaign.');
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(panel).queryByTestId('condition-watched')).toBeNull();
  });

  it('keeps Join closed until the start', async () => {
    const panel = await show({ ...campaign, status: 'upcoming', me: me({}) });
    const button = within(panel).getByRole('button', { name: /^Opens / });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('tells everyone in an automatic campaign that they take part, and the final state once settled', async () => {
    const panel = await show({
      ...campaign,
      join_mode: 'auto',
      status: 'settled',
      me: me({ joined: true, watched: 6, shares: 2, qualified: true }),
    });
    expect(panel.textContent).toContain('Everyone takes part automatically');
    expect(within(panel).getByTestId('qualified-state').textContent).toBe('You qualified');
    expect(within(panel).queryByText(/^Counted between/)).toBeNull();
  });
});
