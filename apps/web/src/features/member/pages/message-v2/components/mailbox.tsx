import type { Message } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { Dialog } from '../../../../../components/ui/dialog';
import { EmptyState } from '../../../../../components/ui/empty-state';
import { ApiError } from '../../../../../lib/api-client';
import { useDeleteMessage, useReadAllMessages, useReadMessage } from '../api/change-mailbox';
import { useMessages } from '../api/get-messages';
import styles from '../message-v2.module.css';

function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * The mailbox: my messages newest first; opening one reads it; mark all read; remove one (after a confirmation).
 * `unreadCount` is the member's live count, undefined until it has come: the mailbox's own first page says it then.
 */
export function Mailbox({ unreadCount: liveCount }: { unreadCount: number | undefined }) {
  const { t, i18n } = useTranslation('member-messages');
  const messages = useMessages();
  const read = useReadMessage();
  const readAll = useReadAllMessages();
  const remove = useDeleteMessage();
  const [openId, setOpenId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Message | null>(null);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const onToggle = (message: Message) => {
    setOpenId((current) => (current === message.id ? null : message.id));
    if (message.readAt === null) read.mutate(message.id);
  };

  if (messages.isError) {
    return (
      <EmptyState
        icon="info"
        title={t('error.title')}
        text={messages.error instanceof ApiError ? messages.error.message : undefined}
        action={
          <Button variant="secondary" onClick={() => void messages.refetch()}>
            {t('error.retry')}
          </Button>
        }
      />
    );
  }
  if (!messages.data) return <p className={styles.muted}>{t('loading')}</p>;

  const list = messages.data.pages.flatMap((page) => page.items);
  const unreadCount = liveCount ?? messages.data.pages[0]?.unreadCount ?? 0;
  const failure = [read, readAll, remove].find((mutation) => mutation.error)?.error;
  return (
    <div className={styles.mailbox}>
      <div className={styles.toolbar}>
        <p className={styles.muted} aria-live="polite">
          {t('unread', { count: unreadCount })}
        </p>
        <Button
          variant="secondary"
          size="small"
          disabled={unreadCount === 0 || readAll.isPending}
          onClick={() => readAll.mutate('')}
        >
          {t('markAllRead')}
        </Button>
      </div>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure instanceof ApiError ? failure.message : t('error.title')}
        </p>
      )}
      {list.length === 0 ? (
        <EmptyState compact icon="mail" title={t('empty.title')} text={t('empty.text')} />
      ) : (
        <ul className={styles.list} aria-label={t('tabs.mailbox')}>
          {list.map((message) => {
            const isOpen = openId === message.id;
            const isUnread = message.readAt === null;
            return (
              <li key={message.id} className={styles.item} data-unread={isUnread || undefined}>
                <button
                  type="button"
                  className={styles.itemHead}
                  aria-expanded={isOpen}
                  aria-controls={`message-${message.id}`}
                  onClick={() => onToggle(message)}
                >
                  <span className={styles.dot} aria-hidden="true" />
                  <span className={styles.itemTitle}>
                    {isUnread && <span className="visually-hidden">{t('unreadMark')} </span>}
                    {message.title}
                  </span>
                  <span className={styles.kind}>{t(`kind.${message.kind}`)}</span>
                  <time className={styles.time} dateTime={message.createdAt}>
                    {formatTime(message.createdAt, language)}
                  </time>
                </button>
                {isOpen && (
                  <div id={`message-${message.id}`} className={styles.itemBody}>
                    <p className={styles.body}>{message.body}</p>
                    <Button variant="ghost" size="small" onClick={() => setRemoving(message)}>
                      {t('delete.action')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {messages.hasNextPage && (
        <Button
          variant="secondary"
          className={styles.more}
          disabled={messages.isFetchingNextPage}
          onClick={() => void messages.fetchNextPage()}
        >
          {messages.isFetchingNextPage ? t('loading') : t('more')}
        </Button>
      )}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('delete.title')}
        buttons={[
          { label: t('delete.cancel'), variant: 'secondary', onClick: () => setRemoving(null) },
          {
            label: t('delete.confirm'),
            disabled: remove.isPending,
            onClick: () => {
              if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
            },
          },
        ]}
      >
        <p>{t('delete.text', { title: removing?.title ?? '' })}</p>
      </Dialog>
    </div>
  );
}
