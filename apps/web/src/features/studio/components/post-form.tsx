import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Sparkles } from 'lucide-react';
import { POST_DESCRIPTION_MAX_LENGTH, POST_TITLE_MAX_LENGTH, type Category } from '@taice/contract';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { POST_FIELDS, postProblems, type PostField, type PostProblems, type PostValues } from '../post-form';
import { CoverPicker } from './cover-picker';
import { TagInput } from './tag-input';

/** A labelled on/off switch (the "AI-generated" flag). */
function Switch({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-border bg-surface-2 p-3">
      <Sparkles className="mt-0.5 size-5 shrink-0 text-accent-text" aria-hidden />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        onClick={() => onChange(!checked)}
        className="grid min-h-11 shrink-0 place-items-center"
      >
        <span className={clsx('relative h-7 w-12 rounded-full transition-colors', checked ? 'bg-accent' : 'bg-border')}>
          <span
            className={clsx(
              'absolute top-0.5 size-6 rounded-full bg-white shadow transition-[left]',
              checked ? 'left-[1.4rem]' : 'left-0.5',
            )}
          />
        </span>
      </button>
    </div>
  );
}

/**
 * The post of an upload: title, description, category, tags, cover and the AI flag. Every problem shows on its
 * field in the user's language before anything is sent; a refusal of the server about a field shows there too.
 * Publishing before the server has checked the upload is kept until it is ready (the page sends it then).
 */
export function PostForm({
  values,
  onChange,
  categories,
  frames,
  waiting,
  publishing,
  serverProblems,
  onPublish,
}: {
  values: PostValues;
  onChange: (patch: Partial<PostValues>) => void;
  categories: Category[] | undefined;
  frames: string[] | null;
  /** What publishing waits for (the upload is still on its way or being checked), or null. */
  waiting: string | null;
  publishing: boolean;
  serverProblems: PostProblems;
  onPublish: () => void;
}) {
  const { t } = useTranslation();
  const prefix = useId();
  const idOf = (field: PostField) => `${prefix}${field}`;
  const [problems, setProblems] = useState<PostProblems>({});
  const [tried, setTried] = useState(false);
  const shown = { ...problems, ...serverProblems };

  const change = (patch: Partial<PostValues>) => {
    onChange(patch);
    setProblems((p) => {
      const next = { ...p };
      for (const field of Object.keys(patch) as PostField[]) delete next[field];
      return next;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = postProblems(values, frames?.length);
    setProblems(found);
    const first = POST_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    onPublish();
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={t('studio.form.label')}>
      <div>
        <Field
          id={idOf('title')}
          name="title"
          label={t('studio.form.title')}
          placeholder={t('studio.form.titleHint')}
          value={values.title}
          maxLength={POST_TITLE_MAX_LENGTH}
          onChange={(e) => change({ title: e.target.value })}
          error={shown.title}
        />
        <p className="mt-1 text-right text-sm tabular-nums text-muted">
          <span className="sr-only">{t('studio.form.characters')} </span>
          {values.title.length}/{POST_TITLE_MAX_LENGTH}
        </p>
      </div>
      <div>
        <label htmlFor={idOf('description')} className="mb-1 block text-sm font-medium text-muted">
          {t('studio.form.description')}
        </label>
        <textarea
          id={idOf('description')}
          name="description"
          rows={4}
          maxLength={POST_DESCRIPTION_MAX_LENGTH}
          placeholder={t('studio.form.descriptionHint')}
          value={values.description}
          onChange={(e) => change({ description: e.target.value })}
          aria-invalid={shown.description ? true : undefined}
          aria-describedby={`${idOf('description')}-count${shown.description ? ` ${idOf('description')}-error` : ''}`}
          className={clsx(
            'block w-full resize-y rounded-lg border bg-surface-2 px-3 py-2.5 text-base outline-none placeholder:text-muted/70 focus:border-accent',
            shown.description ? 'border-danger' : 'border-border',
          )}
        />
        <div className="mt-1 flex items-start gap-3 text-sm">
          <p id={`${idOf('description')}-error`} className="flex-1 text-danger">
            {shown.description}
          </p>
          <p id={`${idOf('description')}-count`} className="shrink-0 tabular-nums text-muted">
            <span className="sr-only">{t('studio.form.characters')} </span>
            {values.description.length}/{POST_DESCRIPTION_MAX_LENGTH}
          </p>
        </div>
      </div>
      <div>
        <label htmlFor={idOf('category_id')} className="mb-1 block text-sm font-medium text-muted">
          {t('studio.form.category')}
        </label>
        <select
          id={idOf('category_id')}
          name="category_id"
          value={values.category_id ?? ''}
          onChange={(e) => change({ category_id: e.target.value ? Number(e.target.value) : null })}
          aria-invalid={shown.category_id ? true : undefined}
          aria-describedby={shown.category_id ? `${idOf('category_id')}-error` : undefined}
          className={clsx(
            'min-h-11 w-full rounded-lg border bg-surface-2 px-3 text-base focus:border-accent',
            shown.category_id ? 'border-danger' : 'border-border',
          )}
        >
          <option value="">{categories ? t('studio.form.categoryPick') : t('common.loading')}</option>
          {categories?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
        {shown.category_id && (
          <p id={`${idOf('category_id')}-error`} className="mt-1 text-sm text-danger">
            {shown.category_id}
          </p>
        )}
      </div>
      <TagInput
        id={idOf('tags')}
        label={t('studio.form.tags')}
        tags={values.tags}
        error={shown.tags}
        onChange={(tags) => change({ tags })}
      />
      <CoverPicker
        id={idOf('cover')}
        frames={frames}
        value={values.cover}
        error={shown.cover}
        onChange={(cover) => change({ cover })}
      />
      <Switch
        id={`${prefix}ai`}
        label={t('studio.form.ai')}
        hint={t('studio.form.aiHint')}
        checked={values.ai_generated}
        onChange={(ai_generated) => change({ ai_generated })}
      />
      <div className="flex flex-col gap-2 wide:flex-row-reverse wide:items-center">
        <Button type="submit" size="lg" loading={publishing} className="wide:min-w-48">
          {t('studio.form.publish')}
        </Button>
        {waiting && (
          <p
            className={clsx('text-sm wide:flex-1 wide:text-right', tried ? 'text-warning' : 'text-muted')}
            aria-live="polite"
          >
            {waiting}
          </p>
        )}
      </div>
    </form>
  );
}
