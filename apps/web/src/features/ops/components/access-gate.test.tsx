import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { errorCode } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';
import { i18nReady } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session';
import { loadOpsTexts } from '../ops-i18n';
import { AccessGate } from './access-gate';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  call,
}));

const later = () => new Date(Date.now() + 30 * 60_000).toISOString();

async function renderGate() {
  await i18nReady;
  await loadOpsTexts('en');
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Suspense fallback={null}>
          <AccessGate>
            <p>the console</p>
          </AccessGate>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the console’s gate', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    call.mockReset();
    useSession.getState().clear();
  });

  it('asks a visitor to log in without asking the server', async () => {
    await renderGate();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
    expect(screen.queryByText('the console')).toBeNull();
  });

  it('turns a member without a role away', async () => {
    useSession.getState().signIn('token', { id: 3 });
    call.mockRejectedValue(new ApiError(errorCode('forbidden'), 'Forbidden'));
    await renderGate();
    expect(await screen.findByRole('heading', { name: 'This account is not an operator' })).toBeTruthy();
    expect(screen.queryByText('the console')).toBeNull();
  });

  it('enrols an operator: the QR code, a code checked before it is sent, then the console', async () => {
    useSession.getState().signIn('token', { id: 4 });
    const sent: unknown[] = [];
    call.mockImplementation(async (def: { path: string }, input: { body?: unknown }) => {
      if (def.path.endsWith('/auth/status')) return { roles: ['admin'], totp_enrolled: false, verified_until: null };
      if (def.path.endsWith('/totp/enrol')) {
        return { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_data_url: 'data:image/png;base64,AA' };
      }
      if (def.path.endsWith('/totp/verify')) {
        sent.push(input.body);
        return { verified_until: later() };
      }
      throw new Error(`unexpected ${def.path}`);
    });
    const user = await renderGate();
    expect(await screen.findByTestId('totp-qr')).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');

    await user.type(screen.getByLabelText('6-digit code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/6-digit code: is not in a valid format/)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('the console')).toBeTruthy();
    expect(sent).toEqual([{ code: '123456' }]);
  });

  it('shows a wrong code on the field and keeps the console closed', async () => {
    useSession.getState().signIn('token', { id: 5 });
    call.mockImplementation(async (def: { path: string }) => {
      if (def.path.endsWith('/auth/status')) return { roles: ['support'], totp_enrolled: true, verified_until: null };
      throw new ApiError(errorCode('totp_code_invalid'), 'This code is wrong or has expired');
    });
    const user = await renderGate();
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This code is wrong or has expired')).toBeTruthy();
    expect(screen.queryByText('the console')).toBeNull();
  });

  it('asks the code again when a call is refused for want of it, keeping the screen behind', async () => {
    useSession.getState().signIn('token', { id: 6 });
    call.mockImplementation(async (def: { path: string }) => {
      if (def.path.endsWith('/auth/status')) return { roles: ['admin'], totp_enrolled: true, verified_until: later() };
      throw new ApiError(errorCode('ops_second_factor_required'), 'Verify first');
    });
    await renderGate();
    expect(await screen.findByText('the console')).toBeTruthy();
    const { opsCall } = await import('../api/ops-call');
    const { opsUserCalls } = await import('@taice/contract');
    await expect(opsCall(opsUserCalls.opsUserSearch, { query: {} })).rejects.toThrow('Verify first');
    expect(await screen.findByRole('heading', { name: 'Enter your authenticator code' })).toBeTruthy();
    expect(screen.getByText('the console', { selector: 'p' }).closest('[hidden]')).toBeTruthy();
  });
});
