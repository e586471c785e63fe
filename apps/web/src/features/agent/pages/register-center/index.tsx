import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { useInviteLinks } from './api/invite-links';
import { CreateAccountForm } from './components/create-account-form';
import { InviteLinks } from './components/invite-links';
import styles from './register-center.module.css';

/**
 * registerCenter, accounts (docs/product/agent-centre.md#account, decision 0064): an account created in my team
 * directly, and my invitation links, each with its code, link and QR code; either way the new account is my direct
 * member, or sub-agent where the brand allows it.
 */
export default function RegisterCenterPage() {
  const { t } = useTranslation('member-agent');
  const links = useInviteLinks();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h2 className={styles.title}>{t('accounts.title')}</h2>
        <p className={styles.intro}>{t('accounts.intro')}</p>
      </header>
      {links.isError ? (
        <div className={styles.error} role="alert">
          <p>{links.error.message}</p>
          <Button variant="secondary" onClick={() => void links.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : !links.data ? (
        <p className={styles.muted} aria-busy="true">
          {t('loading')}
        </p>
      ) : (
        <>
          <section className={styles.section}>
            <CreateAccountForm subAgentsAllowed={links.data.subAgentsAllowed} />
          </section>
          <InviteLinks list={links.data} />
        </>
      )}
    </div>
  );
}
