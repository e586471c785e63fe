import { STATIC_AVATARS, type Avatar } from '@parlay/contract';
import { useState } from 'react';
import styles from './member-avatar.module.css';

/** The static avatars the site draws itself: a colour and a figure each (docs/product/accounts.md#avatar-and-profile). */
export function StaticAvatar({ id, size }: { id: string; size: number }) {
  const index = Math.max(0, (STATIC_AVATARS as readonly string[]).indexOf(id));
  const hue = (index * 137) % 360;
  const gradient = `avatar-gradient-${id}`;
  // Every third avatar wears a different figure: a person, a star, a crown.
  const figure = index % 3;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 75% 62%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 40) % 360} 70% 38%)`} />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="32" fill={`url(#${gradient})`} />
      {figure === 0 && (
        <g fill="rgb(255 255 255 / 88%)">
          <circle cx="32" cy="25" r="10" />
          <path d="M13 54c2-11 10-17 19-17s17 6 19 17a30 30 0 0 1-38 0z" />
        </g>
      )}
      {figure === 1 && (
        <path
          d="M32 13l5.6 11.4 12.6 1.8-9.1 8.9 2.1 12.5L32 41.7l-11.2 5.9 2.1-12.5-9.1-8.9 12.6-1.8z"
          fill="rgb(255 255 255 / 88%)"
        />
      )}
      {figure === 2 && (
        <path d="M15 44l-3-21 11 8 9-14 9 14 11-8-3 21z M16 48h32v5H16z" fill="rgb(255 255 255 / 88%)" />
      )}
    </svg>
  );
}

/**
 * A member's avatar filling its box (the header's round button): an uploaded image or a static one drawn here. Put
 * over the member's initial, which shows through while the image loads and stays when it cannot load.
 */
export function MemberAvatar({ avatar, size }: { avatar: Avatar; size: number }) {
  const [hasFailed, setFailed] = useState(false);
  if (avatar.avatarType === 'CUSTOM') {
    if (hasFailed) return null;
    return (
      <img
        className={styles.picture}
        src={avatar.avatar}
        alt=""
        width={size}
        height={size}
        data-avatar={avatar.avatar}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={styles.picture} data-avatar={avatar.avatar}>
      <StaticAvatar id={avatar.avatar} size={size} />
    </span>
  );
}
