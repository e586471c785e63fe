import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { addKoreanTexts } from '../../../../i18n';
import texts from '../../../../i18n/locales/ko/member-security.json';
import { useSecurityOverview } from './api/get-security-overview';
import { AuthenticatorCard } from './components/authenticator-card';
import { KnownIpsCard } from './components/known-ips-card';
import { KycCard } from './components/kyc-card';
import { PaymentPasswordCard } from './components/payment-password-card';
import { ProtectionCard } from './components/protection-card';
import { SessionsCard } from './components/sessions-card';
import { SignInHistory } from './components/sign-in-history';
import styles from './security-center.module.css';

// The security centre's Korean texts come with its chunk (decision 0008).
addKoreanTexts('member-security', texts);

/**
 * securityCenter, the page the member centre opens on (docs/product/member-centre.md#security-centre): the password
 * change, the new-IP check's methods, the authenticator, the payment password, live sessions, registered IPs and the
 * sign-in history.
 */
export default function SecurityCenterPage() {
  const { t } = useTranslation('member-security');
  const overview = useSecurityOverview();
  return (
    <div className={styles.page}>
      <h2 className={styles.title}>{t('title')}</h2>
      {overview.isError ? (
        <EmptyState
          icon="info"
          title={t('loadFailed')}
          text={overview.error.message}
          action={
            <Button variant="secondary" size="small" onClick={() => void overview.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        overview.data && (
          <>
            <div className={styles.columns}>
              <ProtectionCard overview={overview.data} />
              <AuthenticatorCard overview={overview.data} />
            </div>
            <PaymentPasswordCard />
            <KycCard />
            <SessionsCard />
            <KnownIpsCard />
            <SignInHistory />
          </>
        )
      )}
    </div>
  );
}
