import * as Menu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { guardProtectedAction } from '../../lib/account-gate';
import { useBrand } from '../../lib/brand';
import { useMemberCentreStore } from '../../lib/member-centre-store';
import { isRealAccount, useSessionStore } from '../../lib/session-store';
import { useUiStore } from '../../lib/ui-store';
import { useContactUs } from '../full-page/use-contact-us';
import { MemberCentre } from '../feature-slots';
import { BalanceText } from './balance-text';
import styles from './shell-signed-in-area.module.css';

/**
 * The header's signed-in area (docs/product/site-shell-and-routes.md#header), built from the session store. The auth
 * feature replaces it through the SignedInArea slot.
 */
export function ShellSignedInArea() {
  const { t } = useTranslation('shell');
  const { brand } = useBrand();
  const account = useSessionStore((state) => state.account);
  const member = useSessionStore((state) => state.member);
  const isAgent = useSessionStore((state) => state.isAgent);
  const isBalanceHidden = useUiStore((state) => state.isBalanceHidden);
  const setLogoutConfirmOpen = useUiStore((state) => state.setLogoutConfirmOpen);
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);
  const { contact } = useContactUs('header');
  const hasMemberCentre = MemberCentre.isPresent;
  const rank = member?.clubLabel?.labelName;
  return (
    <div className={styles.area}>
      <div className={styles.balance} aria-live="polite">
        <span className={styles.currency} aria-hidden="true">
          {brand.currencySymbol || 'P'}
        </span>
        <span className="visually-hidden">{t('balance')}</span>
        <BalanceText hidden={isBalanceHidden} />
      </div>
      {hasMemberCentre && (
        <div className={styles.shortcuts}>
          <button
            type="button"
            className={styles.deposit}
            onClick={() => guardProtectedAction() && openMemberCentre('depositv2')}
          >
            {t('deposit')}
          </button>
          <button
            type="button"
            className={styles.withdraw}
            onClick={() => guardProtectedAction() && openMemberCentre('withdraw')}
          >
            {t('withdraw')}
          </button>
        </div>
      )}
      <Menu.Root>
        <Menu.Trigger className={styles.avatar} aria-label={t('accountMenu')}>
          <span aria-hidden="true">{(account ?? '?').slice(0, 1).toUpperCase()}</span>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className={styles.menu} align="end" sideOffset={8}>
            <div className={styles.identity}>
              <span className={styles.rank}>{rank ?? '- -'}</span>
              <strong className={styles.account}>{account}</strong>
              {member && (
                <span className={styles.id}>
                  {t('memberId')} {member.id}
                </span>
              )}
            </div>
            <Menu.Separator className={styles.separator} />
            {hasMemberCentre && isRealAccount(isAgent) && (
              <Menu.Item className={styles.item} onSelect={() => openMemberCentre('securityCenter')}>
                <Icon name="user" size={18} />
                {t('memberCentre')}
              </Menu.Item>
            )}
            {hasMemberCentre && (
              <Menu.Item className={styles.item} onSelect={() => openMemberCentre('messageV2')}>
                <Icon name="mail" size={18} />
                {t('mailbox')}
              </Menu.Item>
            )}
            <Menu.Item className={styles.item} onSelect={contact}>
              <Icon name="chat" size={18} />
              {t('customerService')}
            </Menu.Item>
            <Menu.Separator className={styles.separator} />
            <Menu.Item className={styles.item} onSelect={() => setLogoutConfirmOpen(true)}>
              <Icon name="logout" size={18} />
              {t('logout.action')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </div>
  );
}
