import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchPath } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Search } from 'lucide-react';
import { SEARCH_KEYWORD_MAX_LENGTH } from '@taice/contract';

/** A search field whose Enter goes to /Discover?keyword=… (the header's and Discover's own). */
export function KeywordSearchForm({
  id,
  initial,
  className,
  large = false,
  autoFocus = false,
}: {
  id: string;
  initial: string;
  className?: string;
  large?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = value.trim();
    if (keyword) void navigate(searchPath(keyword));
  };
  return (
    <form role="search" onSubmit={submit} className={clsx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {t('header.search')}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('header.searchPlaceholder')}
        maxLength={SEARCH_KEYWORD_MAX_LENGTH}
        enterKeyHint="search"
        autoFocus={autoFocus}
        className={clsx(
          'w-full rounded-full border border-border bg-surface pl-5 pr-12 text-base placeholder:text-muted focus:border-accent focus:outline-none',
          large ? 'h-12' : 'h-11',
        )}
      />
      <button
        type="submit"
        className={clsx(
          'absolute right-1 top-1/2 grid -translate-y-1/2 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg',
          large ? 'size-11' : 'size-10',
        )}
        aria-label={t('header.search')}
      >
        <Search className="size-5" aria-hidden />
      </button>
    </form>
  );
}
