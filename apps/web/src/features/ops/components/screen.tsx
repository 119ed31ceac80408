import { useEffect, type ReactNode } from 'react';
import { useOpsT } from '../ops-i18n';

/** A screen of the console: its heading (also the document's title), its actions, then its content. */
export function Screen({ heading, actions, children }: { heading: string; actions?: ReactNode; children: ReactNode }) {
  const { ot } = useOpsT();
  useEffect(() => {
    document.title = `${heading} · ${ot('title')}`;
  }, [heading, ot]);
  return (
    <div className="mx-auto flex w-full max-w-[110rem] flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{heading}</h1>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

/** A titled block of a screen. */
export function Panel({ heading, actions, children }: { heading: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-border bg-surface p-4 wide:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{heading}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
