import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Plus } from 'lucide-react';
import type { Address } from '@taice/contract';
import { Button } from '../../../shared/ui/button';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { useAddresses } from '../api/use-addresses';
import { AddressForm } from './address-form';

/**
 * Where a physical prize ships to: one of the member's saved addresses
 * (`value`, see useShipTo), or a new one added right here.
 */
export function AddressPicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const addresses = useAddresses();
  const [adding, setAdding] = useState(false);
  const list = addresses.data ?? [];

  if (addresses.isError) return <ErrorState onRetry={() => void addresses.refetch()} />;
  if (!addresses.data) return <Skeleton className="h-20 w-full" />;
  const saved = (address: Address) => {
    setAdding(false);
    onChange(address.id);
  };
  if (adding || list.length === 0)
    return (
      <section aria-label={t('exchange.newAddress')} className="flex flex-col gap-3">
        <h3 className="font-semibold">{t('exchange.newAddress')}</h3>
        <AddressForm onSaved={saved} onCancel={list.length > 0 ? () => setAdding(false) : undefined} />
      </section>
    );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold">{t('exchange.shipTo')}</legend>
      {list.map((address) => (
        <label
          key={address.id}
          className={clsx(
            'flex cursor-pointer gap-3 rounded-lg border p-3',
            address.id === value ? 'border-accent bg-accent/10' : 'border-border',
          )}
        >
          <input
            type="radio"
            name="ship-to"
            className="mt-1 size-4 accent-[var(--accent)]"
            checked={address.id === value}
            onChange={() => onChange(address.id)}
          />
          <span className="min-w-0 text-sm">
            <span className="block font-semibold">
              {address.first_name} {address.last_name} · +{address.dial_code} {address.phone}
            </span>
            <span className="block break-words text-muted">{address.detail_address}</span>
          </span>
        </label>
      ))}
      <Button variant="ghost" className="self-start" onClick={() => setAdding(true)}>
        <Plus className="size-5" aria-hidden />
        {t('exchange.addAddress')}
      </Button>
    </fieldset>
  );
}

/** The address an order ships to: the one the member chose, else their most recent. */
export function useShipTo(): [number | null, (id: number) => void] {
  const addresses = useAddresses();
  const [chosen, setChosen] = useState<number | null>(null);
  return [chosen ?? addresses.data?.[0]?.id ?? null, setChosen];
}
