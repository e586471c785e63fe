import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import styles from './qr-code.module.css';

/** The absolute address a QR code carries: a relative resource path is resolved against this site. */
export function toAbsoluteUrl(value: string): string {
  try {
    return new URL(value, window.location.origin).href;
  } catch {
    return value;
  }
}

/**
 * A QR code drawn in the browser from the brand's resource (its qrCodeUrl,
 * docs/product/site-shell-and-routes.md#download-resources). Always dark on white, whatever the theme, so every phone
 * camera reads it.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<{ value: string; markup: string } | null>(null);
  const target = toAbsoluteUrl(value);

  useEffect(() => {
    let isCurrent = true;
    QRCode.toString(target, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
      color: { dark: '#0b0f1a', light: '#ffffff' },
    }).then(
      (markup) => {
        if (isCurrent) setSvg({ value: target, markup });
      },
      () => {
        if (isCurrent) setSvg(null);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [target]);

  const ready = svg?.value === target;
  return (
    <span className={styles.frame}>
      {ready ? (
        <img
          className={styles.image}
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.markup)}`}
          alt={label}
          width={132}
          height={132}
          data-qr-value={target}
        />
      ) : (
        <span className={styles.placeholder} aria-hidden="true" />
      )}
    </span>
  );
}
