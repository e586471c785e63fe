import { BRAND_IMAGE_LIMITS, BRAND_IMAGE_TYPES } from '@parlay/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Icon } from '../../../components/ui/icon';
import { imageProblem } from '../../../lib/image-check';
import { messageOf } from '../../../lib/form';
import { useUploadContentImage } from '../api/upload-content-image';
import styles from './content.module.css';

const { banner: LIMITS, maxBytes } = BRAND_IMAGE_LIMITS;

/**
 * An image's address: typed (a path of the site or https), or uploaded here. The page checks the type by the
 * file's first bytes and its size; the server checks both again, decodes it and stores its own encoding.
 */
export function ImageField({
  brand,
  value,
  onChange,
  readOnly,
  error,
  isRequired,
}: {
  brand: string;
  value: string;
  onChange: (url: string) => void;
  readOnly: boolean;
  error?: string | undefined;
  isRequired?: boolean;
}) {
  const { t } = useTranslation('content');
  const upload = useUploadContentImage(brand);
  const input = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setFailure(null);
    const problem = await imageProblem(file, maxBytes);
    if (input.current) input.current.value = '';
    if (problem) {
      setFailure(t(`image.problem.${problem}`, { maxKb: maxBytes / 1024 }));
      return;
    }
    try {
      onChange((await upload.mutateAsync(file)).url);
    } catch (caught) {
      setFailure(messageOf(caught, t('image.failed')));
    }
  }

  return (
    <div className={styles.imageField}>
      <div className={styles.imagePreview}>
        {value ? <img src={value} alt={t('image.preview')} /> : <Icon name="image" size={28} />}
      </div>
      <div className={styles.imageInputs}>
        <TextField
          label={t('fields.imageUrl')}
          value={value}
          readOnly={readOnly}
          isRequired={isRequired}
          spellCheck={false}
          autoCapitalize="none"
          placeholder="/wps/media/… or https://"
          hint={t('image.limits', {
            maxKb: maxBytes / 1024,
            minWidth: LIMITS.minWidth,
            minHeight: LIMITS.minHeight,
            maxWidth: LIMITS.maxWidth,
            maxHeight: LIMITS.maxHeight,
          })}
          error={failure ?? error}
          onChange={(event) => onChange(event.target.value)}
        />
        {!readOnly && (
          <div>
            <input
              ref={input}
              type="file"
              accept={BRAND_IMAGE_TYPES.join(',')}
              className="visually-hidden"
              aria-label={t('image.upload')}
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
            <Button variant="secondary" size="small" disabled={upload.isPending} onClick={() => input.current?.click()}>
              <Icon name="image" size={16} />
              {upload.isPending ? t('image.uploading') : t('image.upload')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
