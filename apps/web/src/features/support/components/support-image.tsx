import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSupportImage } from '../api/get-support-image';
import styles from './support-chat.module.css';

/** A picture of the conversation, fetched with the caller's token; opens full size in a new tab. */
export function SupportImage({ imageId }: { imageId: number }) {
  const { t } = useTranslation('support');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let created: string | null = null;
    getSupportImage(imageId, controller.signal)
      .then((objectUrl) => {
        created = objectUrl;
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [imageId]);
  if (failed) return <span className={styles.imageMissing}>{t('imageUnavailable')}</span>;
  if (!url) return <span className={styles.imagePlaceholder} aria-label={t('imageLoading')} />;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={styles.imageLink}>
      <img src={url} alt={t('attachedImage')} className={styles.image} />
    </a>
  );
}
