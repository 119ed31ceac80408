import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, ChevronDown, Search } from 'lucide-react';
import clsx from 'clsx';
import type { CountryInfo } from '@taice/contract';
import { Modal } from '../../../shared/ui/modal';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { dialDigits, filterCountries, useCountryInfo } from '../api/use-country-info';

let flagSupport: boolean | null = null;

/**
 * Whether this system draws flag emoji (two regional letters as one picture):
 * Windows and some Linux systems draw two letters or two boxes instead.
 */
function drawsFlags(): boolean {
  if (flagSupport !== null) return flagSupport;
  flagSupport = false;
  try {
    const context = document.createElement('canvas').getContext('2d');
    if (context) {
      context.font = '32px sans-serif';
      const pair = context.measureText('\u{1F1FA}\u{1F1F8}').width;
      const single = context.measureText('\u{1F1FA}').width;
      flagSupport = single > 0 && pair < single * 1.5;
    }
  } catch {
    // No canvas (tests): the letters it is.
  }
  return flagSupport;
}

/** A country's flag, or its ISO code in a small badge where the system has no flag pictures. */
export function Flag({ country, className }: { country: CountryInfo; className?: string }) {
  if (!drawsFlags()) {
    return (
      <span
        aria-hidden
        className="inline-grid h-[1.45em] w-[2.1em] shrink-0 place-items-center rounded-sm border border-border bg-surface-2 text-[0.7em] font-semibold tracking-wide text-muted"
      >
        {country.code}
      </span>
    );
  }
  return (
    <span aria-hidden className={clsx('inline-block w-[1.6em] shrink-0 text-center leading-none', className)}>
      {country.flag}
    </span>
  );
}

/**
 * The searchable list of countries, in a dialog of its own: type to filter
 * (by name, ISO code or dial code), arrows to move, Enter or a tap to pick.
 */
function CountryPickerDialog({
  open,
  title,
  selected,
  onPick,
  onClose,
}: {
  open: boolean;
  title: string;
  /** Whether this country is the current choice. */
  selected: (country: CountryInfo) => boolean;
  onPick: (country: CountryInfo) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const countries = useCountryInfo();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = useMemo(() => filterCountries(countries.data ?? [], search), [countries.data, search]);

  // Each opening starts from the whole list, with the current choice in view.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setSearch('');
      setActive(Math.max(0, (countries.data ?? []).findIndex(selected)));
    }
  }

  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [open, active, listId, matches]);

  const move = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 8, PageUp: -8 };
    if (event.key in steps) {
      event.preventDefault();
      setActive((i) => Math.min(last, Math.max(0, i + steps[event.key]!)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const country = matches[active];
      if (country) onPick(country);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={title}>
      <div className="flex items-center gap-2 rounded-lg border border-border bg-surface-2 px-3 focus-within:border-accent">
        <Search className="size-5 shrink-0 text-muted" aria-hidden />
        <input
          type="search"
          role="combobox"
          aria-label={t('address.searchCountry')}
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={matches[active] ? `${listId}-${active}` : undefined}
          placeholder={t('address.searchCountryHint')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setActive(0);
          }}
          onKeyDown={move}
          autoComplete="off"
          className="min-h-11 w-full min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted/70"
        />
      </div>
      <div className="mt-3 h-[min(56dvh,30rem)] overflow-y-auto overscroll-contain">
        {countries.isPending ? (
          <div className="flex flex-col gap-2" role="status" aria-label={t('common.loading')}>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-11" />
            ))}
          </div>
        ) : countries.isError ? (
          <ErrorState onRetry={() => void countries.refetch()} />
        ) : matches.length === 0 ? (
          <p className="px-2 py-8 text-center text-muted">{t('address.noCountryMatch', { search: search.trim() })}</p>
        ) : (
          <ul id={listId} role="listbox" aria-label={title} className="flex flex-col">
            {matches.map((country, index) => {
              const isSelected = selected(country);
              return (
                <li
                  key={country.code}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={isSelected}
                  onClick={() => onPick(country)}
                  onMouseMove={() => index !== active && setActive(index)}
                  className={clsx(
                    'flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 py-1.5',
                    index === active && 'bg-surface-2',
                  )}
                >
                  <Flag country={country} className="text-xl" />
                  <span className="min-w-0 flex-1 break-words">{country.name}</span>
                  <span className="shrink-0 tabular-nums text-muted">{country.dial_code}</span>
                  <Check className={clsx('size-5 shrink-0 text-accent-text', !isSelected && 'invisible')} aria-hidden />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Modal>
  );
}

const triggerClass =
  'flex min-h-11 w-full items-center gap-2 rounded-lg border bg-surface-2 px-3 text-left text-base outline-none focus-visible:border-accent focus-visible:ring-2 focus-visible:ring-accent/40';

/** The country field: a button showing the choice (flag and name) that opens the searchable list. */
export function CountrySelect({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  /** ISO 3166-1 alpha-2, or '' for none. */
  value: string;
  error?: string;
  onChange: (country: CountryInfo) => void;
}) {
  const { t } = useTranslation();
  const countries = useCountryInfo();
  const [open, setOpen] = useState(false);
  const chosen = countries.data?.find((c) => c.code === value);
  return (
    <div>
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium text-muted">
        {label}
      </span>
      <button
        type="button"
        id={id}
        aria-haspopup="dialog"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => setOpen(true)}
        className={clsx(triggerClass, error ? 'border-danger' : 'border-border')}
      >
        {chosen && <Flag country={chosen} className="text-lg" />}
        <span id={`${id}-value`} className={clsx('min-w-0 flex-1 truncate', !value && 'text-muted/70')}>
          {chosen?.name ?? (value || t('address.chooseCountry'))}
        </span>
        <ChevronDown className="size-5 shrink-0 text-muted" aria-hidden />
      </button>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      <CountryPickerDialog
        open={open}
        title={t('address.chooseCountry')}
        selected={(c) => c.code === value}
        onPick={(country) => {
          onChange(country);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}

/**
 * The dial code picker: a button showing '+code' that opens the same list, to
 * choose another country's code than the address's country.
 */
export function DialCodeSelect({
  id,
  label,
  value,
  country,
  invalid,
  onChange,
}: {
  id: string;
  label: string;
  /** Digits only, as addresses keep it. */
  value: string;
  /** The address's country, marked as the choice when its code is the one shown. */
  country: string;
  invalid?: boolean;
  onChange: (dialCode: string) => void;
}) {
  const { t } = useTranslation();
  const countries = useCountryInfo();
  const [open, setOpen] = useState(false);
  // Several countries share a code (+1, +44...): the one it was picked from, else the address's country.
  const [pickedFrom, setPickedFrom] = useState<string | null>(null);
  const owner = [pickedFrom, country]
    .map((code) => countries.data?.find((c) => c.code === code))
    .find((c) => c !== undefined && dialDigits(c.dial_code) === value);
  return (
    <>
      <button
        type="button"
        id={id}
        aria-haspopup="dialog"
        aria-label={`${label} +${value}`}
        aria-invalid={invalid || undefined}
        onClick={() => setOpen(true)}
        className="flex min-h-11 shrink-0 items-center gap-1 rounded-l-lg border-r border-border px-3 tabular-nums outline-none hover:bg-border/40 focus-visible:bg-border/40 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-accent/60"
      >
        {owner && <Flag country={owner} />}
        <span>+{value}</span>
        <ChevronDown className="size-4 text-muted" aria-hidden />
      </button>
      <CountryPickerDialog
        open={open}
        title={t('address.chooseDialCode')}
        selected={(c) => c === owner}
        onPick={(picked) => {
          setPickedFrom(picked.code);
          onChange(dialDigits(picked.dial_code));
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
