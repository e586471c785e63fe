import type { BoundContacts, ContactKind } from '@parlay/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { useContacts } from '../api/get-contacts';
import styles from '../contact.module.css';
import { ContactChangeDialog } from './contact-change-dialog';

/**
 * The bound mobile number and e-mail, masked, each with its bind or change dialog
 * (docs/product/member-centre.md#mobile-number-and-e-mail).
 */
export function ContactSection() {
  const { t } = useTranslation('member-profile');
  const contacts = useContacts();
  const [open, setOpen] = useState<ContactKind | null>(null);
  const titleId = useId();

  return (
    <section className={styles.card} aria-labelledby={titleId} data-contact-section>
      <h3 id={titleId} className={styles.title}>
        {t('contact.title')}
      </h3>
      {contacts.isError && (
        <p className={styles.error} role="alert">
          {t('contact.loadFailed')}
        </p>
      )}
      {contacts.data && (
        <dl className={styles.list}>
          <ContactRow kind="mobile" contacts={contacts.data} onOpen={setOpen} />
          <ContactRow kind="email" contacts={contacts.data} onOpen={setOpen} />
        </dl>
      )}
      <p className={styles.muted}>{t('contact.note')}</p>
      {open && contacts.data && (
        <ContactChangeDialog
          kind={open}
          maskedCurrent={
            open === 'mobile' ? (contacts.data.mobile?.masked ?? null) : (contacts.data.email?.masked ?? null)
          }
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

function ContactRow({
  kind,
  contacts,
  onOpen,
}: {
  kind: ContactKind;
  contacts: BoundContacts;
  onOpen: (kind: ContactKind) => void;
}) {
  const { t } = useTranslation('member-profile');
  const masked = kind === 'mobile' ? contacts.mobile?.masked : contacts.email?.masked;
  const label = t(kind === 'mobile' ? 'contact.mobile' : 'contact.email');
  return (
    <div className={styles.row} data-contact={kind}>
      <dt className={styles.rowLabel}>{label}</dt>
      <dd className={styles.rowValue}>
        <span className={masked ? styles.value : styles.muted} dir="ltr">
          {masked ?? t('contact.notBound')}
        </span>
        <Button
          variant="secondary"
          size="small"
          aria-label={t(
            masked
              ? kind === 'mobile'
                ? 'contact.changeMobile'
                : 'contact.changeEmail'
              : kind === 'mobile'
                ? 'contact.bindMobile'
                : 'contact.bindEmail',
          )}
          onClick={() => onOpen(kind)}
        >
          {t(masked ? 'contact.change' : 'contact.bind')}
        </Button>
      </dd>
    </div>
  );
}
