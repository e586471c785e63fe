import { isValidNickname, MEMBER_AVATAR_LIMITS, NICKNAME_LIMITS, type Avatar } from '@parlay/contract';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { PageLoader } from '../../../../components/ui/page-loader';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-profile.json';
import { useSessionStore } from '../../../../lib/session-store';
import { useChangeAvatar } from './api/change-avatar';
import { useChangeNickname } from './api/change-nickname';
import { useAvatars } from './api/get-avatars';
import { AvatarImage } from './components/avatar-image';
import { ContactSection } from './components/contact-section';
import styles from './profile.module.css';

// The Korean texts of the mobile and e-mail section come with this page's chunk (decision 0008).
addKoreanTexts('member-profile', texts);

const UPLOAD_TYPES = ['image/png', 'image/jpeg'];

/**
 * profile (docs/product/member-centre.md#profile): the member's nickname, the bound mobile number and e-mail (bound or
 * changed by two codes), and the avatar, one of the static set or an uploaded PNG or JPEG (the server checks it by its
 * bytes and encodes it again).
 */
export default function ProfilePage() {
  const { t } = useTranslation('member');
  const avatars = useAvatars();
  // The page's title, drawn at every moment (on a phone the panel's bar draws it, this one is for a screen reader).
  const title = <h2 className={styles.title}>{t('menu.profile')}</h2>;
  if (avatars.isPending) {
    return (
      <div className={styles.page} aria-busy="true">
        {title}
        <PageLoader />
      </div>
    );
  }
  if (avatars.isError) {
    return (
      <div className={styles.page}>
        {title}
        <p className={styles.error} role="alert">
          {avatars.error.message}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      {title}
      <NicknameSection current={avatars.data.current} />
      <ContactSection />
      <AvatarSection current={avatars.data.current} icons={avatars.data.icons} />
      <p className={styles.note}>{t('profile.note')}</p>
    </div>
  );
}

function NicknameSection({ current }: { current: Avatar }) {
  const { t } = useTranslation('member');
  const member = useSessionStore((state) => state.member);
  const account = useSessionStore((state) => state.account);
  const saved = member?.nickname ?? account ?? '';
  const [value, setValue] = useState(saved);
  const [touched, setTouched] = useState(false);
  const change = useChangeNickname();
  const inputId = useId();
  const hintId = useId();
  const trimmed = value.trim();
  const isValid = isValidNickname(trimmed);
  const showInvalid = touched && !isValid;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!isValid || trimmed === saved) return;
    change.mutate(trimmed);
  }

  return (
    <section className={styles.card} aria-labelledby={`${inputId}-title`}>
      <div className={styles.identity}>
        <span className={styles.bigAvatar}>
          <AvatarImage avatar={current} size={72} />
        </span>
        <div className={styles.names}>
          <h3 id={`${inputId}-title`} className={styles.nickname}>
            {saved}
          </h3>
          <span className={styles.muted}>
            {t('profile.account')} {account}
          </span>
        </div>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className={styles.label}>
          {t('profile.nickname')}
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            className={styles.input}
            value={value}
            maxLength={NICKNAME_LIMITS.maxLength + 10}
            autoComplete="nickname"
            aria-invalid={showInvalid}
            aria-describedby={hintId}
            onChange={(event) => {
              setValue(event.target.value);
              change.reset();
            }}
            onBlur={() => setTouched(true)}
          />
          <Button type="submit" disabled={change.isPending || trimmed === saved}>
            {t('profile.save')}
          </Button>
        </div>
        <p id={hintId} className={showInvalid ? styles.error : styles.hint} role={showInvalid ? 'alert' : undefined}>
          {t('profile.nicknameRule', NICKNAME_LIMITS)}
        </p>
        {change.isError && (
          <p className={styles.error} role="alert">
            {change.error.message}
          </p>
        )}
        {change.isSuccess && (
          <p className={styles.success} role="status">
            {t('profile.nicknameSaved')}
          </p>
        )}
      </form>
    </section>
  );
}

function AvatarSection({ current, icons }: { current: Avatar; icons: readonly string[] }) {
  const { t } = useTranslation('member');
  const change = useChangeAvatar();
  const fileRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const titleId = useId();
  const maxMb = MEMBER_AVATAR_LIMITS.maxBytes / 1024 / 1024;

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileError(null);
    // For comfort only: the server checks the bytes themselves.
    if (!UPLOAD_TYPES.includes(file.type)) return setFileError(t('profile.uploadType'));
    if (file.size > MEMBER_AVATAR_LIMITS.maxBytes) return setFileError(t('profile.uploadSize', { maxMb }));
    change.mutate({ file });
  }

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.subtitle}>
        {t('profile.avatar')}
      </h3>
      <div className={styles.avatars} role="radiogroup" aria-labelledby={titleId}>
        {icons.map((id) => {
          const isCurrent = current.avatarType === 'STATIC' && current.avatar === id;
          return (
            <button
              key={id}
              type="button"
              role="radio"
              aria-checked={isCurrent}
              aria-label={t('profile.staticAvatar', { number: Number(id.slice(1)) })}
              className={styles.avatarChoice}
              disabled={change.isPending}
              onClick={() => !isCurrent && change.mutate({ avatar: id })}
            >
              <AvatarImage avatar={{ avatar: id, avatarType: 'STATIC' }} size={52} />
            </button>
          );
        })}
      </div>
      <div className={styles.upload}>
        <input
          ref={fileRef}
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={onFile}
          data-avatar-file
        />
        <Button variant="secondary" disabled={change.isPending} onClick={() => fileRef.current?.click()}>
          {t('profile.upload')}
        </Button>
        <span className={styles.muted}>{t('profile.uploadHint', { maxMb })}</span>
      </div>
      {(fileError ?? change.error) && (
        <p className={styles.error} role="alert">
          {fileError ?? change.error?.message}
        </p>
      )}
      {change.isSuccess && !fileError && (
        <p className={styles.success} role="status">
          {t('profile.avatarSaved')}
        </p>
      )}
    </section>
  );
}
