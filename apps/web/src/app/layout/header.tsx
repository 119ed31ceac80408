import { Link } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { useIsWide } from '../../shared/hooks/use-media-query';
import { HeaderAccount } from '../../features/auth';
import { HeaderPoints, ProfileEarnings } from '../../features/points';
import { UnreadSync } from '../../features/messages';
import { useSession } from '../../shared/session/session';
import { LanguageMenu } from './language-menu';
import { Logo } from './logo';
import { SearchBox } from './search-box';
import { ThemeMenu } from './theme-menu';

export function Header() {
  const { t } = useTranslation();
  const wide = useIsWide();
  const loggedIn = useSession((s) => s.token !== null);
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-bg/90 pt-(--safe-top) backdrop-blur supports-[backdrop-filter]:bg-bg/75">
      <div className="flex h-16 items-center gap-3 px-3 wide:gap-6 wide:px-6">
        <Logo compact={!wide && loggedIn} />
        {wide ? (
          <div className="flex flex-1 justify-center">
            <SearchBox />
          </div>
        ) : (
          <div className="flex-1" />
        )}
        <div className="flex items-center gap-1">
          {!wide && (
            <Link
              to={paths.discover}
              className="grid size-11 place-items-center rounded-full hover:bg-surface-2"
              aria-label={t('header.search')}
            >
              <Search className="size-6" aria-hidden />
            </Link>
          )}
          <LanguageMenu />
          {wide && <ThemeMenu />}
          {loggedIn && <HeaderPoints />}
          <HeaderAccount popupExtra={<ProfileEarnings />} />
        </div>
        {loggedIn && <UnreadSync />}
      </div>
    </header>
  );
}
