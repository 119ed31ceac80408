import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { i18nReady } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { useSession, type SessionUser } from '../../../shared/session/session';
import SuccessPage from './success-page';

async function openSuccess() {
  await i18nReady;
  render(
    <MemoryRouter initialEntries={[paths.success]}>
      <Routes>
        <Route path={paths.success} element={<SuccessPage />} />
        <Route path={paths.started} element={<p>the welcome page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the /Success page', () => {
  afterEach(() => useSession.setState({ token: null, user: null }));

  it('greets the member who just logged in by name', async () => {
    useSession.setState({ token: 't', user: { id: 7, nickname: 'Nomad Nina' } as SessionUser });
    await openSuccess();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('You are in, Nomad Nina!');
  });

  it('greets without a name while the member’s details are unknown, never with a blank one', async () => {
    useSession.setState({ token: 't', user: null });
    await openSuccess();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('You are in!');
  });

  it('sends a visitor to the welcome page, where logging in leads back here', async () => {
    await openSuccess();
    expect(screen.getByText('the welcome page')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /You are in/ })).toBeNull();
  });
});
