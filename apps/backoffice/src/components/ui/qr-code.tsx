import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code drawn in the browser from `text` (as the player site draws its own); nothing goes to a third party. */
export function QrCode({ text, size = 184, label }: { text: string; size?: number; label: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    QRCode.toDataURL(text, { width: size, margin: 2, errorCorrectionLevel: 'M' })
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
  return <img src={source} width={size} height={size} alt={label} style={{ borderRadius: 6, background: '#fff' }} />;
}
