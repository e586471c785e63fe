import { useState, type CSSProperties } from 'react';
import { resolveOnHost } from '../lib/cdn';
import { useCdnHosts } from '../hooks/use-cdn-hosts';
import styles from './game-card.module.css';

function hueOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]![0] ?? ''}${words[1]![0] ?? ''}`.toUpperCase();
  return name.slice(0, 2).toUpperCase();
}

/**
 * The game's icon on the picked image host. A game without an icon, or one that fails to load,
 * shows its initials on a tile coloured from its name, so each game stays recognisable.
 */
export function GameThumb({ icon, name, size = 'normal' }: { icon: string; name: string; size?: 'normal' | 'small' }) {
  const { imageHost } = useCdnHosts();
  const [failed, setFailed] = useState(false);
  const src = resolveOnHost(icon, imageHost);
  if (src && !failed) {
    return (
      <img
        className={styles.image}
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        width={size === 'small' ? 64 : 180}
        height={size === 'small' ? 64 : 180}
        onError={() => setFailed(true)}
      />
    );
  }
  const hue = hueOf(name);
  return (
    <span className={styles.monogram} data-size={size} style={{ '--hue': hue } as CSSProperties} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
