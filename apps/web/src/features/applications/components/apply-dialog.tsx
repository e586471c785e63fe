import { APPLICATION_LIMITS, applicationCommentLength, type ApplicationOffer } from '@parlay/contract';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { useApply } from '../api/applications';
import styles from './applications.module.css';

interface ApplyDialogProps {
  /** The promotion applied to; null: closed. */
  offer: ApplicationOffer | null;
  onClose: () => void;
  onApplied: (title: string) => void;
}

const TYPES: readonly string[] = APPLICATION_LIMITS.types;

/** Previews of the chosen files, revoked when the choice changes or the dialog closes. */
function usePreviews(files: File[]): string[] {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * Applying to an application promotion (docs/product/member-centre.md#activity-application): a comment of at most
 * 140 characters with its counter, and up to 3 PNG or JPEG images of at most 5 MB with previews. The site checks the
 * type and size to say so at once; the server checks the bytes and answers its own translated refusals.
 */
export function ApplyDialog({ offer, onClose, onApplied }: ApplyDialogProps) {
  const { t } = useTranslation('applications');
  const ids = useId();
  const apply = useApply();
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const previews = usePreviews(images);
  const length = applicationCommentLength(comment.trim());
  const tooLong = length > APPLICATION_LIMITS.commentMaxLength;
  const full = images.length >= APPLICATION_LIMITS.maxImages;

  function close() {
    setComment('');
    setImages([]);
    setProblem(null);
    apply.reset();
    onClose();
  }

  function onFiles(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const fitting = chosen.filter((file) => TYPES.includes(file.type) && file.size <= APPLICATION_LIMITS.maxBytes);
    const room = APPLICATION_LIMITS.maxImages - images.length;
    if (fitting.length < chosen.length) setProblem(t('errors.file'));
    else if (fitting.length > room) setProblem(t('errors.tooMany', { max: APPLICATION_LIMITS.maxImages }));
    else setProblem(null);
    if (fitting.length > 0) setImages([...images, ...fitting.slice(0, room)]);
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!offer) return;
    if (length === 0) return setProblem(t('errors.comment'));
    if (tooLong) return setProblem(t('errors.tooLong', { max: APPLICATION_LIMITS.commentMaxLength }));
    setProblem(null);
    apply.mutate(
      { promotionCode: offer.code, comment: comment.trim(), images },
      {
        onSuccess: () => {
          onApplied(offer.title);
          close();
        },
      },
    );
  }

  const serverError = apply.error instanceof ApiError ? apply.error.message : apply.error ? t('errors.failed') : null;
  return (
    <Modal
      open={offer !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      name="application-apply"
      title={offer ? t('dialog.title', { title: offer.title }) : ''}
      width={480}
      height={0}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="apply-form">
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-comment`}>
            {t('dialog.comment')}
          </label>
          <textarea
            id={`${ids}-comment`}
            className={styles.textarea}
            rows={4}
            value={comment}
            placeholder={t('dialog.commentHint')}
            aria-describedby={`${ids}-counter`}
            aria-invalid={tooLong}
            onChange={(event) => setComment(event.target.value)}
          />
          <span id={`${ids}-counter`} className={styles.counter} data-over={tooLong} data-testid="comment-counter">
            {t('dialog.counter', { count: length, max: APPLICATION_LIMITS.commentMaxLength })}
          </span>
        </div>
        <div className={styles.field}>
          <span className={styles.label}>{t('dialog.images', { max: APPLICATION_LIMITS.maxImages })}</span>
          {images.length > 0 && (
            <ul className={styles.previews}>
              {images.map((file, index) => (
                <li key={`${file.name}-${index}`} className={styles.preview}>
                  <img src={previews[index]} alt={file.name} />
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={t('dialog.remove', { name: file.name })}
                    onClick={() => setImages(images.filter((_, at) => at !== index))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label className={styles.upload} data-disabled={full}>
            <input
              type="file"
              accept="image/png,image/jpeg"
              multiple
              disabled={full}
              onChange={onFiles}
              data-testid="apply-images"
            />
            {t('dialog.addImages')}
          </label>
          <span className={styles.hint}>{t('dialog.imagesHint')}</span>
        </div>
        {(problem ?? serverError) && (
          <p className={styles.error} role="alert">
            {problem ?? serverError}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" disabled={apply.isPending || length === 0 || tooLong}>
            {apply.isPending ? t('dialog.sending') : t('dialog.send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
