import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CircleCheck, CircleX, ShieldCheck } from 'lucide-react';
import type { CampaignResult } from '@taice/contract';
import { Button } from '../../../shared/ui/button';
import { checkDraw, type DrawCheck as Check } from '../campaign-model';

const LINES: (keyof Check)[] = ['commitmentMatches', 'ticketsMatch', 'ordered'];

/**
 * Checks a settled draw in the browser, as anyone could by hand: the seed against the commitment, each
 * winner's ticket against the seed, and the winners in the order of their tickets.
 */
export function DrawCheck({
  seed,
  commitment,
  results,
}: {
  seed: string;
  commitment: string;
  results: CampaignResult[];
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ busy: boolean; check?: Check; failed?: boolean }>({ busy: false });
  const run = () => {
    setState({ busy: true });
    checkDraw(seed, commitment, results).then(
      (check) => setState({ busy: false, check }),
      () => setState({ busy: false, failed: true }),
    );
  };
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" loading={state.busy} onClick={run} className="self-start">
        <ShieldCheck className="size-5" aria-hidden />
        {t('campaigns.splitPanel.check')}
      </Button>
      {state.failed && <p className="text-sm text-muted">{t('campaigns.splitPanel.checkUnavailable')}</p>}
      {state.check && (
        <ul className="flex flex-col gap-1 text-sm" data-testid="draw-check">
          {LINES.map((line) => {
            const ok = state.check![line];
            const Icon = ok ? CircleCheck : CircleX;
            return (
              <li key={line} className={clsx('flex items-start gap-2', ok ? 'text-success' : 'text-danger')}>
                <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>{t(`campaigns.splitPanel.${line}.${ok ? 'ok' : 'bad'}`)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
