import * as Menu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import { MemberAvatar } from '../../components/ui/member-avatar';
import { guardProtectedAction } from '../../lib/account-gate';
import { useAgentCentreStore } from '../../lib/agent-centre-store';
import { useBrand } from '../../lib/brand';
import { currencySymbolOf } from '../../lib/format-money';
import { isBuiltMemberCentrePage, useMemberCentreStore, type MemberCentrePage } from '../../lib/member-centre-store';
import { usePlayerAvatar } from '../../lib/player-avatar';
import { canSeeAgentArea, isFreePlayGuest, isRealAccount, useSessionStore } from '../../lib/session-store';
import { useUiStore } from '../../lib/ui-store';
import { PracticeBalance } from '../feature-slots';
import { useContactUs } from '../full-page/use-contact-us';
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
  // A trial (type 4) account or a free-play guest has no member centre: its entries do not show.
  const isGuest = isFreePlayGuest(member);
  const isMember = isRealAccount(isAgent) && !isGuest;
  const isBalanceHidden = useUiStore((state) => state.isBalanceHidden);
  const setLogoutConfirmOpen = useUiStore((state) => state.setLogoutConfirmOpen);
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);
  const openAgentCentre = useAgentCentreStore((state) => state.openAgentCentre);
  const { contact } = useContactUs('header');
  // A link shows only when its page is built (lib/member-centre-store BUILT_MEMBER_CENTRE_PAGES).
  const hasDeposit = isBuiltMemberCentrePage('depositv2');
  const hasWithdraw = isBuiltMemberCentrePage('withdraw');
  const hasMailbox = isBuiltMemberCentrePage('messageV2');
  // The gate: a trial (type 4) account gets the in_need_true_account warning.
  const open = (page?: MemberCentrePage) => guardProtectedAction() && openMemberCentre(page);
  const rank = member?.clubLabel?.labelName;
  // The avatar chosen on the profile page over the initial, which shows until it has loaded (and when it cannot).
  const avatar = usePlayerAvatar(isMember);
  return (
    <div className={styles.area}>
      {/* A free-play guest has practice money only, shown as such, and no deposit or withdrawal (decision 0072). */}
      {isGuest ? (
        <PracticeBalance.Component />
      ) : (
        <div className={styles.balance} aria-live="polite">
          <span className={styles.currency} aria-hidden="true">
            {currencySymbolOf(brand)}
          </span>
          <span className="visually-hidden">{t('balance')}</span>
          <BalanceText hidden={isBalanceHidden} />
        </div>
      )}
      {!isGuest && (hasDeposit || hasWithdraw) && (
        <div className={styles.shortcuts}>
          {hasDeposit && (
            <button type="button" className={styles.deposit} onClick={() => open('depositv2')}>
              {t('deposit')}
            </button>
          )}
          {hasWithdraw && (
            <button type="button" className={styles.withdraw} onClick={() => open('withdraw')}>
              {t('withdraw')}
            </button>
          )}
        </div>
      )}
      <Menu.Root>
        <Menu.Trigger className={styles.avatar} aria-label={t('accountMenu')}>
          <span aria-hidden="true">{(account ?? '?').slice(0, 1).toUpperCase()}</span>
          {avatar.data && <MemberAvatar avatar={avatar.data} size={36} />}
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
            {isMember && (
              <Menu.Item className={styles.item} onSelect={() => open()}>
                <Icon name="user" size={18} />
                {t('memberCentre')}
              </Menu.Item>
            )}
            {canSeeAgentArea(isAgent) && (
              <Menu.Item className={styles.item} onSelect={() => guardProtectedAction() && openAgentCentre()}>
                <Icon name="invite" size={18} />
                {t('agentCentre')}
              </Menu.Item>
            )}
            {isMember && hasMailbox && (
              <Menu.Item className={styles.item} onSelect={() => open('messageV2')}>
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
