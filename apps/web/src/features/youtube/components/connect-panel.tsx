import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Lock } from 'lucide-react';
import { Button } from '../../../shared/ui/button';
import { connectYoutube } from '../api/connect-youtube';
import { YoutubeMark } from './youtube-mark';

/** Not connected (or the connection ended): what connecting does, and the button that leaves for Google. */
export function ConnectPanel({ expired }: { expired: boolean }) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const start = () => {
    setLeaving(true);
    // The page is left on success; a refusal was shown as a toast.
    connectYoutube().catch(() => setLeaving(false));
  };
  return (
    <section
      className="mx-auto flex max-w-[44rem] flex-col items-center gap-4 rounded-2xl border border-border bg-surface px-5 py-10 text-center wide:px-10"
      aria-labelledby="youtube-connect-title"
      data-testid="youtube-connect"
    >
      <span className="grid size-18 place-items-center rounded-2xl bg-surface-2">
        <YoutubeMark className="h-9 w-12" />
      </span>
      <h2 id="youtube-connect-title" className="text-xl font-bold wide:text-2xl">
        {t('youtube.connectTitle')}
      </h2>
      <p className="max-w-[34rem] text-muted">{expired ? t('youtube.expired') : t('youtube.connectText')}</p>
      <ul className="flex flex-col gap-2 text-left text-sm">
        {(['stepList', 'stepChoose', 'stepPlay'] as const).map((key) => (
          <li key={key} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {t(`youtube.${key}`)}
          </li>
        ))}
      </ul>
      <Button size="lg" onClick={start} loading={leaving} className="mt-2">
        <YoutubeMark className="h-4 w-6 rounded-sm bg-white" />
        {t('youtube.connect')}
      </Button>
      <p className="flex items-center gap-1.5 text-xs text-muted">
        <Lock className="size-3.5 shrink-0" aria-hidden />
        {t('youtube.readOnly')}
      </p>
    </section>
  );
}
