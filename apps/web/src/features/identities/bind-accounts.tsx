import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { profileEditPath } from '../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CircleCheck, Diamond, Mail, Send, Wallet } from 'lucide-react';
import type { UserInfo } from '@taice/contract';
import { Button } from '../../shared/ui/button';
import { bindEvmWallet } from './evm-wallet';
import { shortAddress } from './evm-wallets';
import { startGoogle } from './google';
import { GoogleMark } from './google-mark';
import { useAuthProviders } from '../../shared/api/auth-providers';
import { bindTelegram } from './telegram';
import { connectTon } from './ton';

type RowId = 'wallet' | 'ton' | 'telegram' | 'google' | 'email';

const marks: Record<RowId, { icon: ReactNode; tint: string }> = {
  wallet: { icon: <Wallet className="size-5" aria-hidden />, tint: 'bg-accent/15 text-accent-text' },
  ton: { icon: <Diamond className="size-5" aria-hidden />, tint: 'bg-[#0098ea]/15 text-[#0098ea]' },
  telegram: { icon: <Send className="size-5" aria-hidden />, tint: 'bg-[#229ed9]/15 text-[#229ed9]' },
  google: { icon: <GoogleMark />, tint: 'bg-white ring-1 ring-border' },
  email: { icon: <Mail className="size-5" aria-hidden />, tint: 'bg-fg/10 text-fg' },
};

interface Row {
  id: RowId;
  name: string;
  /** What is bound, as shown; '' when nothing is. */
  value: string;
  /** The full value, when `value` is shortened. */
  full?: string;
  /** Offered by this server (Google and Telegram need configuring). */
  available: boolean;
  bind?: () => Promise<unknown>;
}

/**
 * The accounts a user can log in with and bind (profile edit, "Bind accounts"):
 * each row shows what is bound, or a Bind button that starts that method.
 */
export function BindAccounts({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const providers = useAuthProviders().data;
  const [busy, setBusy] = useState<RowId | null>(null);
  const bindings = user.bindings ?? { ton: '', telegram: '', google: '' };

  const rows: Row[] = [
    {
      id: 'wallet',
      name: t('identities.wallet'),
      value: user.chain_address ? shortAddress(user.chain_address) : '',
      full: user.chain_address,
      available: true,
      bind: bindEvmWallet,
    },
    {
      id: 'ton',
      name: t('identities.ton'),
      value: bindings.ton ? shortAddress(bindings.ton) : '',
      full: bindings.ton,
      available: true,
      bind: () => connectTon('bind'),
    },
    {
      id: 'telegram',
      name: t('identities.telegram'),
      value: bindings.telegram,
      available: providers ? providers.telegram !== null : true,
      bind: bindTelegram,
    },
    {
      id: 'google',
      name: t('identities.google'),
      value: bindings.google,
      available: providers ? providers.google : true,
      bind: async () => startGoogle('bind'),
    },
    { id: 'email', name: t('identities.email'), value: user.email, available: true },
  ];

  const run = async (row: Row) => {
    if (busy || !row.bind) return;
    setBusy(row.id);
    try {
      await row.bind();
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <p className="mb-3 text-sm text-muted">{t('identities.intro')}</p>
      <ul className="flex flex-col divide-y divide-border" aria-label={t('identities.title')}>
        {rows.map((row) => (
          <li key={row.id} className="flex min-h-16 items-center gap-3 py-2" data-testid={`bind-${row.id}`}>
            <span className={clsx('grid size-10 shrink-0 place-items-center rounded-full', marks[row.id].tint)}>
              {marks[row.id].icon}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{row.name}</p>
              <p
                className={clsx('truncate text-sm', row.value ? 'text-fg' : 'text-muted')}
                title={row.full || row.value || undefined}
              >
                {row.value || (row.available ? t('identities.notBound') : t('identities.notAvailable'))}
              </p>
            </div>
            {row.value ? (
              <CircleCheck className="size-6 shrink-0 text-success" role="img" aria-label={t('identities.bound')} />
            ) : row.id === 'email' ? (
              <Link
                to={profileEditPath('email')}
                className="inline-flex min-h-11 shrink-0 items-center rounded-lg border border-border bg-surface-2 px-4 font-medium hover:bg-border/70"
              >
                {t('identities.addEmail')}
              </Link>
            ) : (
              row.available && (
                <Button
                  variant="secondary"
                  className="shrink-0"
                  loading={busy === row.id}
                  disabled={busy !== null && busy !== row.id}
                  onClick={() => void run(row)}
                  aria-label={t('identities.bindLabel', { name: row.name })}
                >
                  {t('identities.bind')}
                </Button>
              )
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
