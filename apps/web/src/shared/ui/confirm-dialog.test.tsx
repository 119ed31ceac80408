import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18nReady } from '../i18n/i18n';
import { confirm } from './confirm';
import { ConfirmHost } from './confirm-dialog';

describe('the confirm dialog', () => {
  it('asks with a Warning title and resolves true on Confirm, false on Cancel', async () => {
    await i18nReady;
    const user = userEvent.setup();
    render(<ConfirmHost />);

    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ message: 'Confirm deleting this comment?' });
    });
    expect(await screen.findByRole('dialog', { name: 'Warning' })).toBeTruthy();
    expect(screen.getByText('Confirm deleting this comment?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirm({ message: 'Delete?', title: 'Careful', icon: 'error' });
    });
    expect(await screen.findByRole('dialog', { name: 'Careful' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
  });

  it('counts closing with Escape as Cancel', async () => {
    await i18nReady;
    const user = userEvent.setup();
    render(<ConfirmHost />);
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirm({ message: 'Leave?' });
    });
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });
});
