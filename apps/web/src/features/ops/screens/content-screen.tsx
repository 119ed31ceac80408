import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  contentCalls,
  opsContentCalls,
  toApiLang,
  toUiLang,
  type ApiLang,
  type DocType,
  type OpsBanner,
  type OpsCategory,
  type OpsSetting,
} from '@taice/contract';
import { formatInteger } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button';
import { ChipTabs } from '../../../shared/ui/chip-tabs';
import { Modal } from '../../../shared/ui/modal';
import { ErrorState, Spinner } from '../../../shared/ui/states';
import { useOpsAction, useOpsQuery } from '../api/ops-call';
import { useMay } from '../api/use-auth-status';
import { Badge, confirmThen, When } from '../components/bits';
import { DataTable, listState, type Column } from '../components/data-table';
import {
  CheckboxInput,
  localizedOf,
  localizedValues,
  LocalizedInputs,
  SelectInput,
  TextInput,
} from '../components/fields';
import { FormDialog } from '../components/form-dialog';
import { Screen } from '../components/screen';
import { instantOf, localOf, numberOf, useOpsForm } from '../form';
import { useOpsT } from '../ops-i18n';

const TABS = ['documents', 'banners', 'settings', 'categories'] as const;
type Tab = (typeof TABS)[number];

function DocumentForm({ type, lang, onClose }: { type: DocType; lang: ApiLang; onClose: () => void }) {
  const { ot } = useOpsT();
  const may = useMay();
  const doc = useOpsQuery(opsContentCalls.opsDocument, { type, lang });
  const update = useOpsAction(opsContentCalls.opsDocumentUpdate, 'content.savedDone');
  const form = useOpsForm({
    initial: { title: '', content: '' },
    schema: opsContentCalls.opsDocumentUpdate.body,
    toBody: (v) => ({ type, lang, title: v.title, content: v.content }),
    submit: (body) => update.mutateAsync(body),
    onDone: onClose,
  });
  const [loaded, setLoaded] = useState(false);
  if (doc.data && !loaded) {
    setLoaded(true);
    form.reset({ title: doc.data.title, content: doc.data.content });
  }
  const title = `${ot(`content.docTypes.${type}`)} · ${ot(`lang.${toUiLang(lang)}`)}`;
  if (!doc.data) {
    return (
      <Modal open onClose={onClose} title={title}>
        {doc.isError ? <ErrorState onRetry={() => void doc.refetch()} /> : <Spinner />}
      </Modal>
    );
  }
  if (!may(opsContentCalls.opsDocumentUpdate)) {
    return (
      <Modal open onClose={onClose} title={title}>
        <h3 className="mb-2 font-semibold">{doc.data.title}</h3>
        <pre className="max-h-[60dvh] overflow-auto whitespace-pre-wrap text-sm">{doc.data.content}</pre>
      </Modal>
    );
  }
  return (
    <FormDialog title={title} onClose={onClose} form={form} submitLabel={ot('actions.save')}>
      <TextInput form={form} name="title" label={ot('content.docTitle')} />
      <TextInput form={form} name="content" label={ot('content.markdown')} rows={16} />
    </FormDialog>
  );
}

function Documents() {
  const { ot, lang } = useOpsT();
  const docs = useOpsQuery(opsContentCalls.opsDocuments);
  const [open, setOpen] = useState<{ type: DocType; lang: ApiLang } | null>(null);
  type Row = NonNullable<typeof docs.data>[number];
  const columns: Column<Row>[] = [
    { header: ot('content.document'), cell: (d) => ot(`content.docTypes.${d.type}`) },
    { header: ot('content.language'), cell: (d) => ot(`lang.${toUiLang(d.lang)}`) },
    { header: ot('content.docTitle'), cell: (d) => d.title },
    { header: ot('content.length'), numeric: true, cell: (d) => formatInteger(d.length, lang) },
    { header: ot('content.updated'), cell: (d) => <When iso={d.updated_at} /> },
    {
      header: ot('orders.actions'),
      cell: (d) => (
        <Button size="sm" variant="secondary" onClick={() => setOpen({ type: d.type, lang: d.lang })}>
          {ot('actions.open')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <DataTable
        caption={ot('content.tabs.documents')}
        columns={columns}
        rowKey={(d) => `${d.type}:${d.lang}`}
        empty={ot('content.none')}
        state={listState(docs)}
      />
      {open && <DocumentForm {...open} onClose={() => setOpen(null)} />}
    </>
  );
}

function BannerDialog({ banner, onClose }: { banner?: OpsBanner; onClose: () => void }) {
  const { ot } = useOpsT();
  const create = useOpsAction(opsContentCalls.opsBannerCreate, 'content.savedDone');
  const update = useOpsAction(opsContentCalls.opsBannerUpdate, 'content.savedDone');
  const form = useOpsForm({
    initial: () => ({
      position: banner?.position ?? 'home',
      ...localizedValues('title', banner?.title),
      ...localizedValues('subtitle', banner?.subtitle),
      image: banner?.image ?? '',
      link: banner?.link ?? '',
      sort: String(banner?.sort ?? 0),
      active: banner?.active ?? true,
      starts_at: localOf(banner?.starts_at),
      ends_at: localOf(banner?.ends_at),
    }),
    schema: banner ? opsContentCalls.opsBannerUpdate.body : opsContentCalls.opsBannerCreate.body,
    toBody: (v) => ({
      position: v.position as OpsBanner['position'],
      title: localizedOf(v, 'title'),
      subtitle: localizedOf(v, 'subtitle'),
      image: String(v.image),
      link: String(v.link),
      sort: numberOf(v.sort) as number,
      active: v.active === true,
      starts_at: instantOf(v.starts_at),
      ends_at: instantOf(v.ends_at),
    }),
    submit: (body) => (banner ? update.mutateAsync({ ...body, id: banner.id }) : create.mutateAsync(body)),
    onDone: onClose,
  });
  return (
    <FormDialog
      title={banner ? ot('content.editBanner') : ot('content.newBanner')}
      onClose={onClose}
      form={form}
      submitLabel={ot('actions.save')}
    >
      <SelectInput
        form={form}
        name="position"
        label={ot('content.position')}
        options={contentCalls.BANNER_POSITIONS.map((p) => ({ value: p, label: ot(`content.positions.${p}`) }))}
      />
      <LocalizedInputs form={form} name="title" label={ot('content.bannerTitle')} />
      <LocalizedInputs form={form} name="subtitle" label={ot('content.subtitle')} />
      <TextInput form={form} name="image" label={ot('content.image')} placeholder="https://… /static/…" />
      <TextInput form={form} name="link" label={ot('content.link')} hint={ot('content.linkHint')} />
      <div className="grid gap-3 wide:grid-cols-3">
        <TextInput form={form} name="sort" label={ot('content.sort')} type="number" inputMode="numeric" />
        <TextInput form={form} name="starts_at" label={ot('content.from')} type="datetime-local" />
        <TextInput form={form} name="ends_at" label={ot('content.until')} type="datetime-local" />
      </div>
      <CheckboxInput form={form} name="active" label={ot('content.active')} />
    </FormDialog>
  );
}

function Banners() {
  const { ot, lang } = useOpsT();
  const may = useMay();
  const banners = useOpsQuery(opsContentCalls.opsBanners, {});
  const remove = useOpsAction(opsContentCalls.opsBannerDelete, 'content.deletedDone');
  const [editing, setEditing] = useState<OpsBanner | 'new' | null>(null);
  const canEdit = may(opsContentCalls.opsBannerUpdate);
  const columns: Column<OpsBanner>[] = [
    {
      header: ot('content.bannerTitle'),
      cell: (b) => (
        <span className="flex items-center gap-3">
          <img src={b.image} alt="" className="h-10 w-24 shrink-0 rounded object-cover" loading="lazy" />
          <span>{b.title[toApiLang(lang)]}</span>
        </span>
      ),
    },
    { header: ot('content.position'), cell: (b) => ot(`content.positions.${b.position}`) },
    { header: ot('content.link'), cell: (b) => <span className="break-all text-xs">{b.link || '—'}</span> },
    { header: ot('content.sort'), numeric: true, cell: (b) => b.sort },
    {
      header: ot('content.shown'),
      cell: (b) => (
        <span className="flex flex-col gap-1 text-xs">
          <Badge tone={b.active ? 'success' : 'neutral'}>
            {b.active ? ot('content.active') : ot('content.hidden')}
          </Badge>
          {(b.starts_at || b.ends_at) && (
            <span>
              <When iso={b.starts_at} /> – <When iso={b.ends_at} />
            </span>
          )}
        </span>
      ),
    },
    {
      header: ot('orders.actions'),
      cell: (b) =>
        canEdit && (
          <span className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setEditing(b)}>
              {ot('actions.edit')}
            </Button>
            {may(opsContentCalls.opsBannerDelete) && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void confirmThen(ot('content.deleteConfirm'), () => remove.run({ id: b.id }))}
              >
                {ot('actions.delete')}
              </Button>
            )}
          </span>
        ),
    },
  ];
  return (
    <>
      {may(opsContentCalls.opsBannerCreate) && (
        <div>
          <Button onClick={() => setEditing('new')}>{ot('content.newBanner')}</Button>
        </div>
      )}
      <DataTable
        caption={ot('content.tabs.banners')}
        columns={columns}
        rowKey={(b) => b.id}
        empty={ot('content.none')}
        state={listState(banners)}
      />
      {editing && <BannerDialog banner={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function SettingDialog({ setting, onClose }: { setting: OpsSetting; onClose: () => void }) {
  const { ot } = useOpsT();
  const update = useOpsAction(opsContentCalls.opsSettingUpdate, 'content.savedDone');
  const single = typeof setting.value === 'string';
  const form = useOpsForm({
    initial: () =>
      typeof setting.value === 'string' ? { value: setting.value } : localizedValues('value', setting.value),
    schema: opsContentCalls.opsSettingUpdate.body,
    toBody: (v) => ({ key: setting.key, value: single ? String(v.value) : localizedOf(v, 'value') }),
    submit: (body) => update.mutateAsync(body),
    onDone: onClose,
  });
  return (
    <FormDialog title={setting.key} onClose={onClose} form={form} submitLabel={ot('actions.save')}>
      {setting.description && <p className="text-muted">{setting.description}</p>}
      {single ? (
        <TextInput form={form} name="value" label={ot('content.value')} rows={2} />
      ) : (
        <LocalizedInputs form={form} name="value" label={ot('content.value')} rows={2} />
      )}
    </FormDialog>
  );
}

function Settings() {
  const { ot, lang } = useOpsT();
  const may = useMay();
  const settings = useOpsQuery(opsContentCalls.opsSettings);
  const [editing, setEditing] = useState<OpsSetting | null>(null);
  const columns: Column<OpsSetting>[] = [
    { header: ot('content.key'), cell: (s) => <span className="font-mono">{s.key}</span> },
    {
      header: ot('content.value'),
      cell: (s) => (
        <span className="line-clamp-2 break-all">
          {typeof s.value === 'string' ? s.value : s.value[toApiLang(lang)]}
        </span>
      ),
    },
    { header: ot('content.description'), cell: (s) => <span className="text-xs text-muted">{s.description}</span> },
    { header: ot('content.updated'), cell: (s) => <When iso={s.updated_at} /> },
    {
      header: ot('orders.actions'),
      cell: (s) =>
        may(opsContentCalls.opsSettingUpdate) && (
          <Button size="sm" variant="secondary" onClick={() => setEditing(s)}>
            {ot('actions.edit')}
          </Button>
        ),
    },
  ];
  return (
    <>
      <DataTable
        caption={ot('content.tabs.settings')}
        columns={columns}
        rowKey={(s) => s.key}
        empty={ot('content.none')}
        state={listState(settings)}
      />
      {editing && <SettingDialog setting={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function CategoryDialog({ category, onClose }: { category?: OpsCategory; onClose: () => void }) {
  const { ot } = useOpsT();
  const create = useOpsAction(opsContentCalls.opsCategoryCreate, 'content.savedDone');
  const update = useOpsAction(opsContentCalls.opsCategoryUpdate, 'content.savedDone');
  const form = useOpsForm({
    initial: () => ({
      key: category?.key ?? '',
      ...localizedValues('name', category?.name),
      sort: String(category?.sort ?? 0),
    }),
    schema: category ? opsContentCalls.opsCategoryUpdate.body : opsContentCalls.opsCategoryCreate.body,
    toBody: (v) => ({ key: String(v.key), name: localizedOf(v, 'name'), sort: numberOf(v.sort) as number }),
    submit: ({ key, ...fields }) =>
      category ? update.mutateAsync({ ...fields, id: category.id }) : create.mutateAsync({ ...fields, key }),
    onDone: onClose,
  });
  return (
    <FormDialog
      title={category ? ot('content.editCategory') : ot('content.newCategory')}
      onClose={onClose}
      form={form}
      submitLabel={ot('actions.save')}
    >
      {!category && <TextInput form={form} name="key" label={ot('content.key')} hint={ot('content.keyHint')} />}
      <LocalizedInputs form={form} name="name" label={ot('content.categoryName')} />
      <TextInput form={form} name="sort" label={ot('content.sort')} type="number" inputMode="numeric" />
    </FormDialog>
  );
}

function Categories() {
  const { ot, lang } = useOpsT();
  const may = useMay();
  const categories = useOpsQuery(opsContentCalls.opsCategories);
  const remove = useOpsAction(opsContentCalls.opsCategoryDelete, 'content.deletedDone');
  const [editing, setEditing] = useState<OpsCategory | 'new' | null>(null);
  const columns: Column<OpsCategory>[] = [
    { header: ot('content.categoryName'), cell: (c) => c.name[toApiLang(lang)] },
    { header: ot('content.key'), cell: (c) => <span className="font-mono">{c.key}</span> },
    { header: ot('content.sort'), numeric: true, cell: (c) => c.sort },
    { header: ot('content.videos'), numeric: true, cell: (c) => formatInteger(c.post_num, lang) },
    {
      header: ot('orders.actions'),
      cell: (c) =>
        may(opsContentCalls.opsCategoryUpdate) && (
          <span className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => setEditing(c)}>
              {ot('actions.edit')}
            </Button>
            {c.post_num === 0 && may(opsContentCalls.opsCategoryDelete) && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void confirmThen(ot('content.deleteConfirm'), () => remove.run({ id: c.id }))}
              >
                {ot('actions.delete')}
              </Button>
            )}
          </span>
        ),
    },
  ];
  return (
    <>
      {may(opsContentCalls.opsCategoryCreate) && (
        <div>
          <Button onClick={() => setEditing('new')}>{ot('content.newCategory')}</Button>
        </div>
      )}
      <DataTable
        caption={ot('content.tabs.categories')}
        columns={columns}
        rowKey={(c) => c.id}
        empty={ot('content.none')}
        state={listState(categories)}
      />
      {editing && (
        <CategoryDialog category={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

/** Site content: the documents in three languages, banners, the public settings and the video categories. */
export default function ContentScreen() {
  const { ot } = useOpsT();
  const may = useMay();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((t) => t !== 'settings' || may(opsContentCalls.opsSettings));
  const tab: Tab = tabs.find((t) => t === params.get('tab')) ?? 'documents';
  return (
    <Screen heading={ot('nav.content')}>
      <ChipTabs
        label={ot('nav.content')}
        value={tab}
        onChange={(next) => setParams(next === 'documents' ? {} : { tab: next }, { replace: true })}
        tabs={tabs.map((id) => ({ id, label: ot(`content.tabs.${id}`) }))}
      />
      {tab === 'documents' && <Documents />}
      {tab === 'banners' && <Banners />}
      {tab === 'settings' && <Settings />}
      {tab === 'categories' && <Categories />}
    </Screen>
  );
}
