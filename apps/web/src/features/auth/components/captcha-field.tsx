import { CAPTCHA_REFRESH_MS } from '@parlay/contract';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCaptcha } from '../api/get-captcha';
import styles from './auth-form.module.css';

/**
 * The image captcha's state: a fresh image for each attempt, refreshed at most once a second
 * (spec 01 §9). `captchaId` goes back to the server with the answer.
 */
export function useCaptchaState(purpose: string, isShown: boolean) {
  const [nonce, setNonce] = useState(0);
  const lastRefresh = useRef(0);
  const query = useCaptcha(purpose, nonce, isShown);
  const refresh = useCallback(() => {
    const now = Date.now();
    if (now - lastRefresh.current < CAPTCHA_REFRESH_MS) return false;
    lastRefresh.current = now;
    setNonce((value) => value + 1);
    return true;
  }, []);
  return { captchaId: query.data?.captchaId, image: query.data?.image, isLoading: query.isFetching, refresh };
}

/** The captcha image as a button: pressing it asks for a new one. */
export function CaptchaImage({
  image,
  isLoading,
  onRefresh,
}: {
  image?: string;
  isLoading: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <button type="button" className={styles.captchaImage} onClick={onRefresh} aria-label={t('captcha.refresh')}>
      {image && !isLoading ? <img src={image} alt={t('captcha.image')} /> : <span aria-hidden="true">…</span>}
    </button>
  );
}
