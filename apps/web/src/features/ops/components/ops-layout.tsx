import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { ArrowLeft, Languages, Menu, ShieldCheck } from 'lucide-react';
import { UI_LANGS } from '@taice/contract';
import { useIsWide } from '../../../shared/hooks/use-media-query';
import { htmlLang } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { usePreferences } from '../../../shared/stores/preferences';
import { useSessionUser } from '../../../shared/session/api/use-me';
import { DialogCloseButton } from '../../../shared/ui/modal';
import { RadioMenu } from '../../../shared/ui/radio-menu';
import { useAuthStatus, useMay } from '../api/use-auth-status';
import { useOpsT } from '../ops-i18n';
import { opsPath } from '../ops-paths';
import { sections } from '../sections';

function Navigation({ onPick }: { onPick?: () => void }) {
  const { ot } = useOpsT();
  const may = useMay();
  return (
    <nav aria-label={ot('nav.label')} className="flex flex-col gap-1">
      {sections
        .filter((section) => may(section.call))
        .map(({ screen, labelKey, Icon }) => (
          <NavLink
            key={screen}
            to={opsPath(screen)}
            end={screen === 'dashboard'}
            onClick={onPick}
            className={({ isActive }) =>
              clsx(
                'flex min-h-11 items-center gap-3 rounded-lg px-3 transition',
                isActive ? 'bg-surface-2 font-semibold text-fg' : 'text-muted hover:bg-surface-2 hover:text-fg',
              )
            }
          >
            <Icon className="size-5 shrink-0" aria-hidden />
            <span className="truncate">{ot(labelKey)}</span>
          </NavLink>
        ))}
      <div className="mt-2 border-t border-border pt-2">
        <Link
          to={paths.home}
          className="flex min-h-11 items-center gap-3 rounded-lg px-3 text-muted hover:bg-surface-2 hover:text-fg"
        >
          <ArrowLeft className="size-5 shrink-0" aria-hidden />
          {ot('access.backToSite')}
        </Link>
      </div>
    </nav>
  );
}

/** The compact menu of phones: the navigation in a sheet from the left. */
function MenuSheet() {
  const { ot } = useOpsT();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className="grid size-11 place-items-center rounded-full hover:bg-surface-2"
        aria-label={ot('nav.open')}
      >
        <Menu className="size-6" aria-hidden />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fade-350 fixed inset-0 z-50 bg-overlay" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 w-[min(80vw,22rem)] overflow-y-auto border-r border-border bg-surface p-3"
          aria-describedby={undefined}
        >
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="px-3 text-lg font-bold">{ot('title')}</Dialog.Title>
            <DialogCloseButton />
          </div>
          <Navigation onPick={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LanguageMenu() {
  const { ot } = useOpsT();
  const { lang, setLang } = usePreferences();
  return (
    <RadioMenu
      label={ot('language')}
      trigger={<Languages className="size-6" aria-hidden />}
      options={UI_LANGS.map((code) => ({ value: code, label: ot(`lang.${code}`), lang: htmlLang[code] }))}
      value={lang}
      onSelect={(code) => void setLang(code)}
    />
  );
}

/** Who is at the console, and as what. */
function Operator() {
  const { ot } = useOpsT();
  const user = useSessionUser();
  const roles = useAuthStatus().data?.roles ?? [];
  if (roles.length === 0) return null;
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm" data-testid="ops-operator">
      <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden />
      <span className="hidden truncate wide:inline">{user?.nickname || user?.email}</span>
      {roles.map((role) => (
        <span key={role} className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold">
          {ot(`roles.${role}`)}
        </span>
      ))}
    </div>
  );
}

/** The console's frame: a top bar, the navigation beside the screen on wide screens and in a menu on phones. */
export function OpsLayout({ children }: { children: ReactNode }) {
  const { ot } = useOpsT();
  const wide = useIsWide();
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-border bg-bg/95 px-3 backdrop-blur wide:px-6">
        {!wide && <MenuSheet />}
        <Link to={opsPath('dashboard')} className="truncate text-lg font-bold">
          {wide ? ot('title') : ot('shortTitle')}
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <Operator />
          <LanguageMenu />
        </div>
      </header>
      <div className="flex">
        {wide && (
          <aside className="sticky top-16 h-[calc(100dvh-4rem)] w-[19rem] shrink-0 overflow-y-auto border-r border-border p-3">
            <Navigation />
          </aside>
        )}
        <main id="main" className="min-w-0 flex-1 px-4 pb-12 pt-4 wide:px-8 wide:pt-6">
          {children}
        </main>
      </div>
    </div>
  );
}
