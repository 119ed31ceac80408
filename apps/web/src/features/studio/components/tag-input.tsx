import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { POST_MAX_TAGS, POST_TAG_MAX_LENGTH } from '@taice/contract';
import { addTags } from '../post-form';

/**
 * Tags as chips: typing a comma or pressing Enter turns the text into a chip (several at once when pasted with
 * commas), Backspace in the empty input takes the last chip back, each chip has its remove button.
 */
export function TagInput({
  id,
  label,
  tags,
  error,
  onChange,
}: {
  id: string;
  label: string;
  tags: string[];
  error?: string;
  onChange: (tags: string[]) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const full = tags.length >= POST_MAX_TAGS;

  const commit = (typed: string) => {
    if (typed.trim()) onChange(addTags(tags, typed));
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      event.preventDefault();
      setText(tags.at(-1)!);
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-muted">
        {label}
      </label>
      <div
        className={clsx(
          'flex flex-wrap items-center gap-2 rounded-lg border bg-surface-2 p-2 focus-within:border-accent',
          error ? 'border-danger' : 'border-border',
        )}
      >
        {tags.length > 0 && (
          <ul className="flex max-w-full flex-wrap gap-2" aria-label={t('studio.form.tagList')}>
            {tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent/15 py-1 pl-3 pr-1 text-sm font-medium text-accent-text"
              >
                <span className="truncate">#{tag}</span>
                <button
                  type="button"
                  onClick={() => onChange(tags.filter((other) => other !== tag))}
                  className="grid size-7 shrink-0 place-items-center rounded-full hover:bg-accent/20"
                  aria-label={t('studio.form.removeTag', { tag })}
                >
                  <X className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          value={text}
          disabled={full}
          maxLength={POST_TAG_MAX_LENGTH * 4}
          enterKeyHint="enter"
          placeholder={full ? t('studio.form.tagsFull', { max: POST_MAX_TAGS }) : t('studio.form.tagsHint')}
          onChange={(e) => {
            const value = e.target.value;
            if (/[,，、]/.test(value)) commit(value);
            else setText(value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => commit(text)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          className="min-h-9 min-w-[10rem] flex-1 bg-transparent px-1 text-base outline-none placeholder:text-muted/70 disabled:cursor-not-allowed"
        />
      </div>
      <div className="mt-1 flex items-start gap-3 text-sm">
        <p id={`${id}-error`} className="flex-1 text-danger">
          {error}
        </p>
        <p id={`${id}-count`} className="shrink-0 tabular-nums text-muted">
          <span className="sr-only">{t('studio.form.tagCount')} </span>
          {tags.length}/{POST_MAX_TAGS}
        </p>
      </div>
    </div>
  );
}
