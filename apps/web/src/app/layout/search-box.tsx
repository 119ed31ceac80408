import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';

/** Header search: Enter goes to /Discover?keyword=… (spec section 2). */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [keyword, setKeyword] = useState(params.get('keyword') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = keyword.trim();
    if (value) void navigate(`/Discover?keyword=${encodeURIComponent(value)}`);
  };
  return (
    <form role="search" onSubmit={submit} className="relative w-full max-w-[44rem]">
      <label htmlFor="header-search" className="sr-only">
        {t('header.search')}
      </label>
      <input
        id="header-search"
        type="search"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        placeholder={t('header.searchPlaceholder')}
        maxLength={100}
        enterKeyHint="search"
        className="h-11 w-full rounded-full border border-border bg-surface pl-5 pr-12 text-base placeholder:text-muted focus:border-accent focus:outline-none"
      />
      <button
        type="submit"
        className="absolute right-1 top-1/2 grid size-10 -translate-y-1/2 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
        aria-label={t('header.search')}
      >
        <Search className="size-5" aria-hidden />
      </button>
    </form>
  );
}
