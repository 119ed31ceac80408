import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { MAX_ADDRESSES, type Address } from '@taice/contract';
import { i18n } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { confirm } from '../../../shared/ui/confirm';
import { Modal } from '../../../shared/ui/modal';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { notify } from '../../../shared/ui/toast';
import { useAddresses } from '../api/use-addresses';
import { useCountryInfo } from '../api/use-country-info';
import { useDeleteAddress } from '../api/use-delete-address';
import { AddressCard, fullName } from '../components/address-card';
import { AddressForm } from '../components/address-form';

function CardSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 wide:p-5">
      <Skeleton className="h-6 w-2/5" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-5 w-1/3" />
      <Skeleton className="h-5 w-4/5" />
      <div className="flex justify-end gap-2 border-t border-border pt-3">
        <Skeleton className="h-11 w-20" />
        <Skeleton className="h-11 w-20" />
      </div>
    </div>
  );
}

/** /V2/addressH5: the member's delivery addresses, to add, edit and delete (at most MAX_ADDRESSES). */
export default function AddressPage() {
  const { t } = useTranslation();
  const addresses = useAddresses();
  const countries = useCountryInfo();
  const remove = useDeleteAddress();
  /** The form's subject: a new address, one to edit, or none (closed). */
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  /** Each opening is a fresh form (the closed one stays mounted while it fades out). */
  const [opening, setOpening] = useState(0);

  const list = addresses.data ?? [];
  const full = list.length >= MAX_ADDRESSES;
  const open = (subject: Address | 'new') => {
    setEditing(subject);
    setOpening((n) => n + 1);
    setFormOpen(true);
  };

  const askDelete = async (address: Address) => {
    const name = fullName(address, i18n.language);
    const confirmed = await confirm({
      title: t('address.deleteTitle'),
      message: t('address.deleteConfirm', { name }),
      confirmText: t('address.delete'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(address.id);
      notify.success(t('address.deleted'));
    } catch (error) {
      console.error(error);
    }
  };

  const addButton = (
    <Button onClick={() => open('new')} disabled={full} aria-describedby={full ? 'address-limit' : undefined}>
      <Plus className="size-5" aria-hidden />
      {t('address.add')}
    </Button>
  );

  let body;
  if (addresses.isPending) {
    body = (
      <div role="status" aria-label={t('common.loading')} className="grid gap-4 wide:grid-cols-2">
        <CardSkeleton />
        <CardSkeleton />
      </div>
    );
  } else if (addresses.isError) {
    body = <ErrorState onRetry={() => void addresses.refetch()} />;
  } else if (list.length === 0) {
    body = (
      <div className="rounded-xl border border-border bg-surface">
        <EmptyState
          title={t('address.emptyTitle')}
          text={t('address.emptyText')}
          action={
            <Button onClick={() => open('new')}>
              <Plus className="size-5" aria-hidden />
              {t('address.addFirst')}
            </Button>
          }
        />
      </div>
    );
  } else {
    body = (
      <>
        <div className="mb-4 flex items-center gap-3">
          <p id="address-limit" className="min-w-0 flex-1 text-sm text-muted" aria-live="polite">
            {full
              ? t('address.limitReached', { max: MAX_ADDRESSES })
              : t('address.count', { count: list.length, max: MAX_ADDRESSES })}
          </p>
          {addButton}
        </div>
        <ul className="grid gap-4 wide:grid-cols-2">
          {list.map((address) => (
            <li key={address.id}>
              <AddressCard
                address={address}
                country={countries.data?.find((c) => c.code === address.country)}
                deleting={remove.isPending && remove.variables === address.id}
                onEdit={() => open(address)}
                onDelete={() => void askDelete(address)}
              />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <Page title={t('routes.addressH5')} narrow>
      {body}
      <Modal
        open={formOpen}
        onClose={() => setFormOpen(false)}
        title={editing && editing !== 'new' ? t('address.editTitle') : t('address.addTitle')}
      >
        {editing && (
          <AddressForm
            key={opening}
            address={editing === 'new' ? undefined : editing}
            onSaved={() => setFormOpen(false)}
            onCancel={() => setFormOpen(false)}
          />
        )}
      </Modal>
    </Page>
  );
}
