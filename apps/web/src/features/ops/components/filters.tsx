import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from '../../../shared/ui/button';
import { ChipTabs } from '../../../shared/ui/chip-tabs';
import { useOpsT } from '../ops-i18n';

/** A search field that searches when submitted (Enter or the button), not on every key. */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
}: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder?: string;
}) {
  const { ot } = useOpsT();
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The URL changed (Back, a link): show its search.
    setShown(value);
    setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex min-w-0 flex-1 gap-2">
      <label className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-lg border border-border bg-surface-2 px-3 focus-within:border-accent">
        <Search className="size-5 shrink-0 text-muted" aria-hidden />
        <span className="sr-only">{label}</span>
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={placeholder ?? label}
          className="min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted/70"
        />
      </label>
      <Button type="submit" variant="secondary">
        {ot('actions.search')}
      </Button>
    </form>
  );
}

/** One of a list's statuses, or all of them. */
export function StatusFilter<S extends string>({
  value,
  statuses,
  labelOf,
  onChange,
  label,
}: {
  value: string;
  statuses: readonly S[];
  labelOf: (status: S) => string;
  onChange: (status: string) => void;
  label: string;
}) {
  const { ot } = useOpsT();
  return (
    <ChipTabs
      label={label}
      value={value}
      onChange={onChange}
      tabs={[{ id: '', label: ot('table.all') }, ...statuses.map((status) => ({ id: status, label: labelOf(status) }))]}
    />
  );
}
