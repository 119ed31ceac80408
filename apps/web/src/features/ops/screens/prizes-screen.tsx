import { useState, type ChangeEvent } from 'react';
import {
  PRIZE_IMAGE_MAX_BYTES,
  PRIZE_MAX_IMAGES,
  PRIZE_TYPES,
  opsRedemptionCalls,
  toApiLang,
  type OpsPrize,
  type PrizeType,
} from '@taice/contract';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { notify } from '../../../shared/ui/toast';
import { reportFailure, useOpsAction, useOpsQuery } from '../api/ops-call';
import { useMay } from '../api/use-auth-status';
import { uploadPrizeImage } from '../api/upload-prize-image';
import { Amount, Badge, When } from '../components/bits';
import { PagedTable, type Column } from '../components/data-table';
import {
  CheckboxInput,
  localizedOf,
  localizedValues,
  LocalizedInputs,
  SelectInput,
  TextInput,
} from '../components/fields';
import { StatusFilter } from '../components/filters';
import { FormDialog } from '../components/form-dialog';
import { Screen } from '../components/screen';
import { instantOf, localOf, numberOf, useOpsForm, type FormValues } from '../form';
import { useListParams } from '../list-params';
import { useOpsT, opsText } from '../ops-i18n';

function prizeValues(prize?: OpsPrize): FormValues {
  return {
    type: prize?.type ?? 'physical',
    ...localizedValues('name', prize?.name),
    ...localizedValues('description', prize?.description),
    price: prize ? String(prize.price) : '',
    stock: '0',
    per_user_limit: prize?.per_user_limit ? String(prize.per_user_limit) : '',
    sale_starts_at: localOf(prize?.sale_starts_at),
    sale_ends_at: localOf(prize?.sale_ends_at),
    sort: String(prize?.sort ?? 0),
    active: prize?.active ?? true,
    membership_days: prize?.membership_days ? String(prize.membership_days) : '',
  };
}

/** The fields a new prize and a change share, from the form's values. */
const prizeFields = (v: FormValues) => ({
  name: localizedOf(v, 'name'),
  description: localizedOf(v, 'description'),
  price: numberOf(v.price) as number,
  per_user_limit: numberOf(v.per_user_limit) ?? null,
  sale_starts_at: instantOf(v.sale_starts_at),
  sale_ends_at: instantOf(v.sale_ends_at),
  sort: numberOf(v.sort) ?? 0,
  active: v.active === true,
  membership_days: v.type === 'membership' ? (numberOf(v.membership_days) ?? null) : null,
});

function PrizeDialog({ prize, onClose }: { prize?: OpsPrize; onClose: () => void }) {
  const { ot } = useOpsT();
  const create = useOpsAction(opsRedemptionCalls.opsPrizeCreate, 'prizes.savedDone');
  const update = useOpsAction(opsRedemptionCalls.opsPrizeUpdate, 'prizes.savedDone');
  const form = useOpsForm({
    initial: () => prizeValues(prize),
    schema: prize ? opsRedemptionCalls.opsPrizeUpdate.body : opsRedemptionCalls.opsPrizeCreate.body,
    toBody: (v) => ({ ...prizeFields(v), type: v.type as PrizeType, stock: numberOf(v.stock) ?? 0 }),
    submit: ({ type, stock, ...fields }) =>
      prize ? update.mutateAsync({ ...fields, id: prize.id }) : create.mutateAsync({ ...fields, type, stock }),
    onDone: onClose,
  });
  const type = prize?.type ?? form.values.type;
  return (
    <FormDialog
      title={prize ? ot('prizes.editTitle') : ot('prizes.createTitle')}
      onClose={onClose}
      form={form}
      submitLabel={ot('actions.save')}
    >
      {!prize && (
        <SelectInput
          form={form}
          name="type"
          label={ot('prizes.type')}
          options={PRIZE_TYPES.map((t) => ({ value: t, label: ot(`prizes.types.${t}`) }))}
        />
      )}
      <LocalizedInputs form={form} name="name" label={ot('prizes.name')} />
      <LocalizedInputs form={form} name="description" label={ot('prizes.description')} rows={3} />
      <div className="grid gap-3 wide:grid-cols-3">
        <TextInput form={form} name="price" label={ot('prizes.price')} type="number" />
        {!prize && type !== 'virtual' && (
          <TextInput form={form} name="stock" label={ot('prizes.stock')} type="number" inputMode="numeric" />
        )}
        <TextInput
          form={form}
          name="per_user_limit"
          label={ot('prizes.limit')}
          type="number"
          inputMode="numeric"
          hint={ot('prizes.limitHint')}
        />
        {type === 'membership' && (
          <TextInput
            form={form}
            name="membership_days"
            label={ot('prizes.membershipDays')}
            type="number"
            inputMode="numeric"
          />
        )}
        <TextInput form={form} name="sale_starts_at" label={ot('prizes.saleStarts')} type="datetime-local" />
        <TextInput form={form} name="sale_ends_at" label={ot('prizes.saleEnds')} type="datetime-local" />
        <TextInput form={form} name="sort" label={ot('prizes.sort')} type="number" inputMode="numeric" />
      </div>
      <CheckboxInput form={form} name="active" label={ot('prizes.active')} />
    </FormDialog>
  );
}

function StockDialog({ prize, onClose }: { prize: OpsPrize; onClose: () => void }) {
  const { ot } = useOpsT();
  const stock = useOpsAction(opsRedemptionCalls.opsPrizeStock, 'prizes.savedDone');
  const form = useOpsForm({
    initial: { stock: String(prize.stock) },
    schema: opsRedemptionCalls.opsPrizeStock.body,
    toBody: (v) => ({ id: prize.id, stock: numberOf(v.stock) as number }),
    submit: (body) => stock.mutateAsync(body),
    onDone: onClose,
  });
  return (
    <FormDialog title={ot('prizes.stockTitle')} onClose={onClose} form={form} submitLabel={ot('actions.save')}>
      {prize.type === 'virtual' && (
        <p className="text-muted">{ot('prizes.stockVirtual', { free: prize.free_codes })}</p>
      )}
      <TextInput form={form} name="stock" label={ot('prizes.stock')} type="number" inputMode="numeric" />
    </FormDialog>
  );
}

function CodesDialog({ prize, onClose }: { prize: OpsPrize; onClose: () => void }) {
  const { ot } = useOpsT();
  const codes = useOpsAction(opsRedemptionCalls.opsCodesImport);
  const form = useOpsForm({
    initial: { csv: '' },
    schema: opsRedemptionCalls.opsCodesImport.body,
    toBody: (v) => ({ prize_id: prize.id, csv: v.csv }),
    submit: async (body) => {
      const result = await codes.mutateAsync(body);
      notify.success(opsText('prizes.importedDone', { imported: result.imported, duplicates: result.duplicates }));
    },
    onDone: onClose,
  });
  return (
    <FormDialog title={ot('prizes.codesTitle')} onClose={onClose} form={form} submitLabel={ot('prizes.import')}>
      <TextInput form={form} name="csv" label={ot('prizes.codes')} rows={8} hint={ot('prizes.codesHint')} />
    </FormDialog>
  );
}

function ImagesDialog({ prize, onClose }: { prize: OpsPrize; onClose: () => void }) {
  const { ot } = useOpsT();
  const update = useOpsAction(opsRedemptionCalls.opsPrizeUpdate, 'prizes.savedDone');
  const [images, setImages] = useState(prize.images);
  const [uploading, setUploading] = useState(false);
  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > PRIZE_IMAGE_MAX_BYTES) return notify.error(opsText('prizes.imageTooLarge'));
    setUploading(true);
    try {
      setImages((await uploadPrizeImage(prize.id, file)).images);
    } catch (error) {
      reportFailure(error);
    } finally {
      setUploading(false);
    }
  };
  const remove = async (url: string) => {
    const saved = await update.run({ id: prize.id, images: images.filter((i) => i !== url) });
    if (saved) setImages(saved.images);
  };
  return (
    <Modal open onClose={onClose} title={ot('prizes.images')}>
      <div className="grid grid-cols-2 gap-3 wide:grid-cols-4">
        {images.map((url) => (
          <figure key={url} className="flex flex-col gap-1">
            <img src={url} alt="" className="aspect-square w-full rounded-lg object-cover" />
            <Button size="sm" variant="ghost" onClick={() => void remove(url)}>
              {ot('actions.delete')}
            </Button>
          </figure>
        ))}
      </div>
      {images.length < PRIZE_MAX_IMAGES && (
        <label className="mt-4 inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-border px-4 hover:bg-surface-2">
          {uploading ? ot('prizes.uploading') : ot('prizes.addImage')}
          <input type="file" accept="image/*" className="sr-only" disabled={uploading} onChange={(e) => void add(e)} />
        </label>
      )}
    </Modal>
  );
}

type Dialog = { kind: 'edit' | 'stock' | 'codes' | 'images'; prize: OpsPrize } | { kind: 'new' };

/** The catalogue of the redemption center: prizes, their stock, codes and images. */
export default function PrizesScreen() {
  const { ot, lang } = useOpsT();
  const may = useMay();
  const { filters, page, setFilters, setPage } = useListParams(['type']);
  const prizes = useOpsQuery(opsRedemptionCalls.opsPrizes, { type: PRIZE_TYPES.find((t) => t === filters.type), page });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canEdit = may(opsRedemptionCalls.opsPrizeUpdate);
  const open = (kind: 'edit' | 'stock' | 'codes' | 'images', prize: OpsPrize) => setDialog({ kind, prize });

  const columns: Column<OpsPrize>[] = [
    {
      header: ot('prizes.name'),
      cell: (p) => (
        <span className="flex items-center gap-3">
          {p.images[0] ? (
            <img src={p.images[0]} alt="" className="size-12 shrink-0 rounded-md object-cover" loading="lazy" />
          ) : (
            <span className="size-12 shrink-0 rounded-md bg-surface-2" />
          )}
          <span>
            {p.name[toApiLang(lang)]} <span className="text-xs text-muted">#{p.id}</span>
          </span>
        </span>
      ),
    },
    { header: ot('prizes.type'), cell: (p) => ot(`prizes.types.${p.type}`) },
    { header: ot('prizes.price'), numeric: true, cell: (p) => <Amount value={p.price} /> },
    {
      header: ot('prizes.stock'),
      numeric: true,
      cell: (p) => (p.type === 'virtual' ? `${p.stock} (${ot('prizes.freeCodes', { count: p.free_codes })})` : p.stock),
    },
    {
      header: ot('prizes.sale'),
      cell: (p) => (
        <span className="flex flex-col gap-1 text-xs">
          <Badge tone={p.active ? 'success' : 'neutral'}>
            {p.active ? ot('prizes.active') : ot('prizes.inactive')}
          </Badge>
          {(p.sale_starts_at || p.sale_ends_at) && (
            <span>
              <When iso={p.sale_starts_at} /> – <When iso={p.sale_ends_at} />
            </span>
          )}
        </span>
      ),
    },
    {
      header: ot('orders.actions'),
      cell: (p) =>
        canEdit && (
          <span className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => open('edit', p)}>
              {ot('actions.edit')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => open('stock', p)}>
              {ot('prizes.stock')}
            </Button>
            {p.type === 'virtual' && (
              <Button size="sm" variant="secondary" onClick={() => open('codes', p)}>
                {ot('prizes.import')}
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => open('images', p)}>
              {ot('prizes.images')}
            </Button>
          </span>
        ),
    },
  ];
  return (
    <Screen
      heading={ot('nav.prizes')}
      actions={
        may(opsRedemptionCalls.opsPrizeCreate) && (
          <Button onClick={() => setDialog({ kind: 'new' })}>{ot('prizes.create')}</Button>
        )
      }
    >
      <StatusFilter
        label={ot('prizes.type')}
        value={filters.type}
        statuses={PRIZE_TYPES}
        labelOf={(t) => ot(`prizes.types.${t}`)}
        onChange={(type) => setFilters({ type })}
      />
      <PagedTable
        caption={ot('nav.prizes')}
        columns={columns}
        rowKey={(p) => p.id}
        empty={ot('prizes.none')}
        query={prizes}
        onPage={setPage}
      />
      {dialog?.kind === 'new' && <PrizeDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <PrizeDialog prize={dialog.prize} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'stock' && <StockDialog prize={dialog.prize} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'codes' && <CodesDialog prize={dialog.prize} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'images' && <ImagesDialog prize={dialog.prize} onClose={() => setDialog(null)} />}
    </Screen>
  );
}
