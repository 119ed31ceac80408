import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import type { Address, CountryInfo } from '@taice/contract';
import { Button } from '../../../shared/ui/button';
import { Flag } from './country-select';

/** The name as people write it in the reader's language: 'Ada Lovelace', or family name first in Chinese. */
export function fullName(address: Pick<Address, 'first_name' | 'last_name'>, lang: string): string {
  const cjk = /[\u3400-\u9fff]/.test(address.first_name + address.last_name);
  if (lang !== 'en' && cjk) return `${address.last_name}${address.first_name}`;
  return `${address.first_name} ${address.last_name}`;
}

/** One saved address: who, phone, country and where, with Edit and Delete. */
export function AddressCard({
  address,
  country,
  deleting = false,
  onEdit,
  onDelete,
}: {
  address: Address;
  /** The address's country from the country list (while it loads, its code shows). */
  country: CountryInfo | undefined;
  deleting?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const name = fullName(address, i18n.language);
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-4 wide:p-5"
    >
      <h2 id={titleId} className="break-words text-lg font-bold">
        {name}
      </h2>
      <dl className="flex flex-col gap-2 text-base">
        <div className="flex items-center gap-2">
          <dt className="shrink-0 text-muted">
            <Phone className="size-4" aria-hidden />
            <span className="sr-only">{t('address.phone')}</span>
          </dt>
          <dd className="min-w-0 break-all tabular-nums">
            +{address.dial_code} {address.phone}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt className="shrink-0 pt-1 text-muted">
            <MapPin className="size-4" aria-hidden />
            <span className="sr-only">{t('address.detail')}</span>
          </dt>
          <dd className="min-w-0 flex-1">
            <p className="flex items-center gap-1.5 font-medium">
              {country && <Flag country={country} />}
              <span>{country?.name ?? address.country}</span>
            </p>
            <p className="whitespace-pre-line break-words text-muted">{address.detail_address}</p>
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex justify-end gap-2 border-t border-border pt-3">
        <Button variant="ghost" onClick={onEdit} aria-label={t('address.editOf', { name })}>
          <Pencil className="size-4" aria-hidden />
          {t('address.edit')}
        </Button>
        <Button
          variant="ghost"
          onClick={onDelete}
          loading={deleting}
          aria-label={t('address.deleteOf', { name })}
          className="text-danger"
        >
          {!deleting && <Trash2 className="size-4" aria-hidden />}
          {t('address.delete')}
        </Button>
      </div>
    </article>
  );
}
