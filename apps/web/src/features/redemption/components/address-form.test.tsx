import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { errorCode, type Address, type CountryInfo } from '@taice/contract';
import { i18nReady } from '../../../shared/i18n/i18n';
import { AddressForm } from './address-form';

const countries: CountryInfo[] = [
  { code: 'DE', name: 'Germany', dial_code: '+49', flag: '🇩🇪' },
  { code: 'GB', name: 'United Kingdom', dial_code: '+44', flag: '🇬🇧' },
  { code: 'US', name: 'United States', dial_code: '+1', flag: '🇺🇸' },
];

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  call,
}));

async function renderForm(props: Partial<Parameters<typeof AddressForm>[0]> = {}) {
  await i18nReady;
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddressForm onSaved={onSaved} {...props} />
    </QueryClientProvider>,
  );
  return { onSaved, user: userEvent.setup() };
}

const saved: Address = {
  id: 5,
  first_name: 'Ada',
  last_name: 'Lovelace',
  country: 'DE',
  dial_code: '49',
  phone: '301234567',
  detail_address: 'Unter den Linden 1, Berlin',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('the address form', () => {
  let stored: unknown[] = [];
  beforeEach(() => {
    Element.prototype.scrollIntoView ??= () => undefined; // jsdom lays nothing out
    stored = [];
    call.mockImplementation(async (def: { path: string }, input: { body?: unknown }) => {
      if (def.path.endsWith('/country-info/list')) return countries;
      if (def.path.endsWith('/user-address/store')) {
        stored.push(input.body);
        return saved;
      }
      throw new Error(`unexpected ${def.path}`);
    });
  });
  afterEach(() => call.mockReset());

  it('shows each missing field’s message, in the server’s words, and saves nothing', async () => {
    const { user, onSaved } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    for (const text of [
      'Please enter the first name',
      'Please enter the last name',
      'Please select the country',
      'Please enter the phone number',
      'Please enter the detailed address',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByLabelText('First name')).toBe(document.activeElement);
    expect(stored).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    // Typing into a field clears its message only.
    await user.type(screen.getByLabelText('First name'), 'Ada');
    expect(screen.queryByText('Please enter the first name')).toBeNull();
    expect(screen.getByText('Please enter the last name')).toBeTruthy();
  });

  it('takes the dial code from the country picked by search, keeps the phone to digits, and saves', async () => {
    const { user, onSaved } = await renderForm();
    await user.type(screen.getByLabelText('First name'), ' Ada ');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.click(screen.getByRole('button', { name: /Country\/Region/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a country or region' });
    await user.type(within(dialog).getByRole('combobox'), 'germ');
    await user.click(within(dialog).getByRole('option', { name: /Germany/ }));
    expect(screen.getByRole('button', { name: 'Country/Region Germany' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dial code +49' })).toBeTruthy();
    await user.type(screen.getByLabelText('Phone number'), '30-123 4567');
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('301234567');
    await user.type(screen.getByLabelText('Detailed address'), 'Unter den Linden 1, Berlin');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(stored).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        country: 'DE',
        dial_code: '49',
        phone: '301234567',
        detail_address: 'Unter den Linden 1, Berlin',
        id: undefined,
      },
    ]);
  });

  it('lets another dial code be picked with the keyboard', async () => {
    const { user } = await renderForm({ address: saved });
    await user.click(screen.getByRole('button', { name: 'Dial code +49' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a dial code' });
    // '+4' lists Germany (+49) then the United Kingdom (+44): the arrow moves to the second.
    await user.type(within(dialog).getByRole('combobox'), '+4');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('button', { name: 'Dial code +44' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dial code +44' }));
    await user.type(within(await screen.findByRole('dialog')).getByRole('combobox'), '49{Enter}');
    expect(screen.getByRole('button', { name: 'Dial code +49' })).toBeTruthy();
    // The country stays what it was.
    expect(screen.getByRole('button', { name: 'Country/Region Germany' })).toBeTruthy();
  });

  it('edits with the address’s id and shows a refusal of the server on its field', async () => {
    const { ApiError } = await import('../../../shared/api/client');
    const { user, onSaved } = await renderForm({ address: saved });
    call.mockImplementation(async (def: { path: string }, input: { body?: unknown }) => {
      if (def.path.endsWith('/country-info/list')) return countries;
      stored.push(input.body);
      throw new ApiError(errorCode('address_phone_invalid'), 'Please enter a valid phone number (digits only)');
    });
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    const phone = screen.getByLabelText('Phone number');
    await vi.waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please enter a valid phone number (digits only)').id).toBe(
      phone.getAttribute('aria-describedby'),
    );
    expect(stored).toMatchObject([{ id: 5, phone: '301234567' }]);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
