import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { MyRanking, PrizeTier, Race } from '@taice/contract';
import { i18nReady } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session';
import { EligibilityPanel } from './eligibility-panel';
import { PrizeTable } from './prize-table';

const podium: PrizeTier = {
  rank_from: 1,
  rank_to: 3,
  amount: 100,
  currency: 'USDT',
  min_invites: 50,
  min_watched: 100,
  min_uploads: 15,
  needs_wallet: true,
};
const rest: PrizeTier = { ...podium, rank_from: 4, rank_to: 103, amount: 1000, currency: 'TAICE', min_invites: 20 };

const race = (changes: Partial<Race> = {}): Race => ({
  id: 3,
  label: 'November, week 3',
  year: 2026,
  month: 11,
  week: 3,
  starts_at: '2026-11-15T16:00:00.000Z',
  ends_at: '2026-11-22T16:00:00.000Z',
  status: 'running',
  participants: 300,
  prizes: [podium, rest],
  ...changes,
});

const me = (changes: Partial<MyRanking> = {}): MyRanking => ({
  rank: 57,
  user_id: 7,
  uuid: 'u-7',
  user_name: 'Ada',
  avatar: '',
  points: 230,
  referred_by: null,
  invites: 25,
  uploaded_videos: 2,
  ai_uploaded_videos: 1,
  videos_watched: 40,
  wallet_bound: false,
  ...changes,
});

function show(ui: ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

afterEach(() => useSession.setState({ token: null }));

describe('the caller’s standing', () => {
  it('asks a visitor to log in', async () => {
    await i18nReady;
    show(<EligibilityPanel race={race()} me={null} />);
    expect(screen.getByText('Log in to see your rank and how close you are to a prize.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('measures a member against the rules of their tier, with the way to bind a wallet', async () => {
    await i18nReady;
    useSession.setState({ token: 't' });
    show(<EligibilityPanel race={race()} me={me()} />);
    expect(screen.getByText('Rank 57')).toBeTruthy();
    expect(screen.getByTestId('target-tier').textContent).toBe(
      'You are in ranks 4–103: the prize is 1,000.00 TAICE. To receive it you need, within this race:',
    );
    const invites = screen.getByRole('progressbar', { name: 'Friends invited' });
    expect([invites.getAttribute('aria-valuenow'), invites.getAttribute('aria-valuemax')]).toEqual(['20', '20']);
    expect(screen.getByRole('progressbar', { name: 'Videos watched' }).getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('link', { name: 'Bind a wallet' }).getAttribute('href')).toBe('/profile-edit#bind');
  });

  it('aims a member not ranked yet at the last prize ranks', async () => {
    await i18nReady;
    useSession.setState({ token: 't' });
    show(<EligibilityPanel race={race()} me={me({ rank: null, points: 0, wallet_bound: true })} />);
    expect(screen.getByText('Not ranked yet')).toBeTruthy();
    expect(screen.getByTestId('target-tier').textContent).toContain('The prize for ranks 4–103 is 1,000.00 TAICE');
    expect(within(screen.getByTestId('rule-wallet')).getByText('Bound')).toBeTruthy();
  });

  it('shows what an ended race asked and leads to the rewards instead of the wallet binding', async () => {
    await i18nReady;
    useSession.setState({ token: 't' });
    show(<EligibilityPanel race={race({ status: 'closed' })} me={me({ rank: 2 })} />);
    expect(screen.getByTestId('target-tier').textContent).toBe(
      'You finished in ranks 1–3: the prize was 100.00 USDT. What it asked, and what you had in the race:',
    );
    expect(within(screen.getByTestId('rule-wallet')).getByText('Not bound')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Bind a wallet' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See my rewards' }).getAttribute('href')).toBe('/PromoteRewards');
  });
});

describe('the prize table', () => {
  it('lists each range with its amount and rules, the caller’s tier marked', async () => {
    await i18nReady;
    show(<PrizeTable prizes={[podium, rest]} myTier={rest} />);
    const tiers = screen.getAllByTestId('prize-tier');
    expect(tiers.map((tier) => tier.getAttribute('aria-current'))).toEqual([null, 'true']);
    expect(tiers[0]!.textContent).toContain('Ranks 1–3');
    expect(tiers[0]!.textContent).toContain('100.00 USDT');
    expect(within(tiers[1]!).getByText('20 friends invited')).toBeTruthy();
    expect(within(tiers[1]!).getByText('Wallet bound')).toBeTruthy();
  });
});
