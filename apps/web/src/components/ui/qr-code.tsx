import { useEffect, useState } from 'react';

/**
 * The QR code library (about 17 KB gzip), loaded with the first code drawn: the right bar of a wide screen
 * holds codes that show only when opened (decision 0008). Starting it on a trigger's hover or focus has it
 * there by the click.
 */
export function loadQrCodeLibrary() {
  return import('qrcode').then((module) => module.default);
}

/** A QR code drawn in the browser from `text`; nothing is fetched from a third party. */
export function QrCode({ text, size = 132, label }: { text: string; size?: number; label: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loadQrCodeLibrary()
      .then((QRCode) => QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (isCurrent) setSource(url);
      })
      .catch(() => {
        if (isCurrent) setSource(null);
      });
    return () => {
      isCurrent = false;
    };
  }, [text, size]);
  if (!source) return <span style={{ display: 'block', width: size, height: size }} aria-hidden="true" />;
  return <img src={source} width={size} height={size} alt={label} style={{ borderRadius: 8, background: '#fff' }} />;
}
