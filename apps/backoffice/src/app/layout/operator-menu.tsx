import type { OperatorSession } from '@parlay/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Icon } from '../../components/ui/icon';
import { useSignOut } from '../../features/session/index';
import { messageOf } from '../../lib/form';
import { toast } from '../../lib/toast-store';
import { usePreferences } from './preference-toggles';
import styles from './topbar.module.css';

/**
 * The signed-in operator: who, with which roles; sign out here, or everywhere. `withPreferences` (a phone's
 * width, where the top bar has no room for them): the theme and language switches too.
 */
export function OperatorMenu({ session, withPreferences }: { session: OperatorSession; withPreferences: boolean }) {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const signOut = useSignOut();
  const [isConfirming, setIsConfirming] = useState(false);
  const { operator } = session;
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={styles.operator} aria-label={t('operator.menu', { name: operator.name })}>
          <Icon name="user" />
          <span className={styles.operatorName}>{operator.name}</span>
          <Icon name="chevronDown" size={16} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6}>
            <div className={styles.menuHead}>
              <strong>{operator.name}</strong>
              <span>
                {operator.login} · {session.roles.map((role) => t(`operators:roles.${role}`)).join(', ')}
              </span>
              {session.recoveryCodesLeft <= 3 && (
                <span className={styles.warning}>{t('operator.fewCodes', { count: session.recoveryCodesLeft })}</span>
              )}
            </div>
            <DropdownMenu.Separator className={styles.separator} />
            {withPreferences && (
              <>
                <DropdownMenu.Item className={styles.item} onSelect={preferences.toggleTheme}>
                  <Icon name={preferences.theme === 'dark' ? 'sun' : 'moon'} size={16} />
                  {preferences.themeLabel}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={styles.item}
                  lang={preferences.otherLang}
                  onSelect={preferences.toggleLanguage}
                >
                  <Icon name="globe" size={16} />
                  {preferences.languageLabel}
                </DropdownMenu.Item>
                <DropdownMenu.Separator className={styles.separator} />
              </>
            )}
            <DropdownMenu.Item className={styles.item} onSelect={() => signOut.mutate(false)}>
              <Icon name="logout" size={16} />
              {t('operator.signOut')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={styles.item} onSelect={() => setIsConfirming(true)}>
              <Icon name="logout" size={16} />
              {t('operator.signOutEverywhere')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('operator.everywhereTitle')}
        description={t('operator.everywhereText')}
        confirmLabel={t('operator.signOutEverywhere')}
        onConfirm={async () => {
          try {
            await signOut.mutateAsync(true);
          } catch (error) {
            toast.error(messageOf(error, t('errors.unknown')));
            throw error;
          }
        }}
      />
    </>
  );
}
