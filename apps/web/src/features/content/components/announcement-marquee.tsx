import type { Announcement } from '@parlay/contract';
import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { openModal } from '../../../lib/modal-store';
import { useLobbyAnnouncements } from '../api/use-lobby-announcements';
import styles from './announcement-marquee.module.css';

/** Scroll speed in CSS pixels a second: slow enough to read a Korean title at a glance. */
const SPEED = 60;

function MarqueeItems({ notices, copy }: { notices: Announcement[]; copy: boolean }) {
  const { t } = useTranslation('content');
  return (
    <ul className={styles.items} aria-hidden={copy || undefined} data-copy={copy || undefined}>
      {notices.map((notice) => (
        <li key={notice.id}>
          <button
            type="button"
            className={styles.item}
            tabIndex={copy ? -1 : undefined}
            title={t('marquee.open', { title: notice.title })}
            onClick={() => openModal('noticeModal', { noticeId: notice.id })}
          >
            {notice.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The player notices scrolling across the lobby. Hovering or focusing it stops the scroll; with
 * reduced motion it stands still and scrolls by hand. A click opens the notice modal on that notice.
 */
export function AnnouncementMarquee() {
  const { t } = useTranslation('content');
  const { data, isPending } = useLobbyAnnouncements();
  const trackRef = useRef<HTMLDivElement>(null);
  const notices = data?.player ?? [];

  useLayoutEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const viewport = track.parentElement;
    const update = () => {
      const width = track.firstElementChild?.getBoundingClientRect().width ?? 0;
      track.style.setProperty('--marquee-duration', `${Math.max(12, Math.round(width / SPEED))}s`);
      // Titles that fit stand still: a loop of a short list would leave a gap as it wraps round.
      track.dataset['still'] = String(viewport !== null && width > 0 && width <= viewport.clientWidth);
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(track);
    if (viewport) observer.observe(viewport);
    return () => observer.disconnect();
  }, [notices.length]);

  if (isPending) return <div className={styles.placeholder} aria-hidden="true" />;
  if (notices.length === 0) return null;

  return (
    <section className={styles.root} aria-label={t('marquee.label')}>
      <span className={styles.badge} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M3 10v4h4l6 5V5L7 10zM16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" strokeLinejoin="round" />
        </svg>
      </span>
      <div className={styles.viewport}>
        <div ref={trackRef} className={styles.track} style={{ '--marquee-duration': '30s' } as CSSProperties}>
          <MarqueeItems notices={notices} copy={false} />
          <MarqueeItems notices={notices} copy />
        </div>
      </div>
      <button type="button" className={styles.all} onClick={() => openModal('noticeModal')}>
        {t('marquee.all')}
      </button>
    </section>
  );
}
