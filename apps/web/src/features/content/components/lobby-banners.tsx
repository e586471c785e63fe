import type { Announcement } from '@parlay/contract';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useLobbyAnnouncements } from '../api/use-lobby-announcements';
import styles from './lobby-banners.module.css';

/** Time each banner stays before the next one slides in. */
export const BANNER_INTERVAL_MS = 6000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * The text of operator HTML. A document made by DOMParser runs no script and loads nothing, so the
 * text is read without DOMPurify (kept off the lobby's first load; decision 0008).
 */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

function isExternal(href: string): boolean {
  try {
    return new URL(href, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
}

function Slide({ banner, eager }: { banner: Announcement; eager: boolean }) {
  const { t } = useTranslation('content');
  const body = banner.imageUrl ? (
    <img
      className={styles.image}
      src={banner.imageUrl}
      alt={banner.title}
      width={1200}
      height={400}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      draggable={false}
    />
  ) : (
    <span className={styles.textSlide}>
      <span className={styles.textTitle}>{banner.title}</span>
      <span className={styles.textBody}>{plainText(banner.content)}</span>
      {banner.linkUrl && <span className={styles.textCta}>{t('banners.learnMore')}</span>}
    </span>
  );
  if (!banner.linkUrl) return <div className={styles.slideBody}>{body}</div>;
  const external = isExternal(banner.linkUrl);
  return (
    <a
      className={styles.slideBody}
      href={banner.linkUrl}
      target={external ? '_blank' : undefined}
      rel={external ? 'noopener noreferrer' : undefined}
      draggable={false}
    >
      {body}
    </a>
  );
}

/**
 * The home lobby carousel of banner announcements (docs/product/games-and-wallet.md#lobby). Swipes on touch screens
 * (scroll snapping), moves by buttons and dots, advances by itself unless hovered, focused, paused by the
 * player or asked for reduced motion; slides out of view are inert so focus stays on what is seen.
 */
export function LobbyBanners() {
  const { t } = useTranslation('content');
  const { data, isPending } = useLobbyAnnouncements();
  const banners = (data?.banners ?? []).filter((banner) => banner.groupName === null);
  const reducedMotion = usePrefersReducedMotion();
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [isHeld, setIsHeld] = useState(false);
  const [isPausedByUser, setIsPausedByUser] = useState(false);
  const count = banners.length;
  const isPlaying = count > 1 && !reducedMotion && !isPausedByUser;

  const goTo = useCallback(
    (target: number) => {
      const track = trackRef.current;
      if (!track || count === 0) return;
      const next = ((target % count) + count) % count;
      setIndex(next);
      track.scrollTo?.({ left: next * track.clientWidth, behavior: reducedMotion ? 'auto' : 'smooth' });
    },
    [count, reducedMotion],
  );

  useEffect(() => {
    if (!isPlaying || isHeld) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') goTo(index + 1);
    }, BANNER_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [isPlaying, isHeld, index, goTo]);

  // A swipe moves the track by itself: follow it so the dots and the inert slides stay right.
  const onScroll = () => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const seen = Math.round(track.scrollLeft / track.clientWidth);
    if (seen !== index && seen >= 0 && seen < count) setIndex(seen);
  };

  // The banner's place is kept while the list loads, so nothing below it jumps when it arrives.
  if (isPending) return <div className={styles.placeholder} aria-hidden="true" />;
  if (count === 0) return null;

  return (
    <section
      className={styles.root}
      aria-roledescription="carousel"
      aria-label={t('banners.label')}
      onMouseEnter={() => setIsHeld(true)}
      onMouseLeave={() => setIsHeld(false)}
      onFocus={() => setIsHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsHeld(false);
      }}
    >
      {/* Slides are groups (the APG carousel pattern), so the track is a plain container, not a list. */}
      <div
        ref={trackRef}
        className={styles.track}
        onScroll={onScroll}
        aria-live={isPlaying && !isHeld ? 'off' : 'polite'}
      >
        {banners.map((banner, position) => (
          <div
            key={banner.id}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={t('banners.slide', { index: position + 1, count })}
            inert={position !== index}
          >
            <Slide banner={banner} eager={position === 0} />
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            data-side="previous"
            aria-label={t('banners.previous')}
            onClick={() => goTo(index - 1)}
          >
            <Icon name="chevronRight" className={styles.flip} />
          </button>
          <button
            type="button"
            className={styles.arrow}
            data-side="next"
            aria-label={t('banners.next')}
            onClick={() => goTo(index + 1)}
          >
            <Icon name="chevronRight" />
          </button>
          <div className={styles.dots}>
            {!reducedMotion && (
              <button
                type="button"
                className={styles.playPause}
                aria-label={isPausedByUser ? t('banners.play') : t('banners.pause')}
                onClick={() => setIsPausedByUser((paused) => !paused)}
              >
                {isPausedByUser ? (
                  <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                    <path d="M7 5l12 7-12 7z" fill="currentColor" />
                  </svg>
                ) : (
                  <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                    <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />
                  </svg>
                )}
              </button>
            )}
            {banners.map((banner, position) => (
              <button
                key={banner.id}
                type="button"
                className={styles.dot}
                aria-label={t('banners.goTo', { index: position + 1 })}
                aria-current={position === index ? 'true' : undefined}
                onClick={() => goTo(position)}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
