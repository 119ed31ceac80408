import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Skeleton } from '../../../shared/ui/states';
import { useBanners } from '../api/use-banners';

const AUTO_ADVANCE_MS = 6_000;

/** Home banners from the server; advances on its own, pauses on hover or focus. */
export function BannerCarousel() {
  const { t } = useTranslation();
  const banners = useBanners('home');
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.data?.length ?? 0;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTO_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (banners.isPending) return <Skeleton className="aspect-[5/3] w-full rounded-xl wide:aspect-[3/1]" />;
  if (!banners.data || count === 0) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('home.bannersLabel')}
      className="relative overflow-hidden rounded-xl border border-border wide:border-0"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="flex transition-transform duration-500" style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.data.map((banner, i) => (
          <Link
            key={banner.id}
            to={banner.link || paths.home}
            className="relative block w-full shrink-0 bg-surface wide:aspect-[3/1] wide:bg-transparent"
            aria-roledescription="slide"
            aria-label={t('home.slide', { index: i + 1, total: count })}
            aria-hidden={i !== index}
            tabIndex={i === index ? 0 : -1}
          >
            {/* The art is drawn 3:1 with its illustration on the right: shown whole at every width,
                the text over its left side on wide screens and below it on phones. */}
            <img
              src={banner.image}
              alt=""
              className="block aspect-[3/1] w-full object-cover wide:absolute wide:inset-0 wide:size-full"
              loading={i === 0 ? 'eager' : 'lazy'}
            />
            <div className="absolute inset-0 hidden bg-gradient-to-r from-black/70 via-black/30 to-transparent wide:block" />
            <div className="relative flex flex-col gap-1 px-4 pb-9 pt-3 wide:h-full wide:max-w-[70%] wide:justify-center wide:gap-2 wide:px-20 wide:py-10">
              <p className="text-lg font-extrabold leading-tight wide:text-4xl wide:text-white">{banner.title}</p>
              <p className="text-sm text-muted wide:text-lg wide:text-white/85">{banner.subtitle}</p>
            </div>
          </Link>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            className="absolute left-2 top-1/2 hidden size-11 -translate-y-1/2 place-items-center rounded-full bg-black/40 text-white hover:bg-black/60 wide:grid"
            aria-label={t('common.previous')}
          >
            <ChevronLeft className="size-6" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            className="absolute right-2 top-1/2 hidden size-11 -translate-y-1/2 place-items-center rounded-full bg-black/40 text-white hover:bg-black/60 wide:grid"
            aria-label={t('common.next')}
          >
            <ChevronRight className="size-6" aria-hidden />
          </button>
          <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 gap-1">
            {banners.data.map((banner, i) => (
              <button
                key={banner.id}
                type="button"
                onClick={() => setIndex(i)}
                className="grid size-6 place-items-center"
                aria-label={t('home.slide', { index: i + 1, total: count })}
                aria-current={i === index}
              >
                <span
                  className={clsx(
                    'block h-1.5 rounded-full transition-all',
                    i === index ? 'w-5 bg-fg wide:bg-white' : 'w-1.5 bg-fg/40 wide:bg-white/50',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
