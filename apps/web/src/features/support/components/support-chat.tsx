import {
  SUPPORT_IMAGE_LIMITS,
  SUPPORT_TEXT_MAX_LENGTH,
  type SupportMessage,
  type SupportThread,
} from '@parlay/contract';
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { addKoreanTexts } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import texts from '../../../i18n/locales/ko/support.json';
import { openSupport } from '../api/open-support';
import { sendSupportImage } from '../api/send-support-image';
import { sendSupportMessage } from '../api/send-support-message';
import { listenToSupport } from '../lib/support-events';
import { readVisitorToken, storeVisitorToken } from '../lib/visitor-token';
import { useSupportChatStore } from '../support-chat-store';
import { SupportImage } from './support-image';
import styles from './support-chat.module.css';

addKoreanTexts('support', texts);

const ACCEPT = SUPPORT_IMAGE_LIMITS.types.join(',');

/** Adds a message once, by id, in order: a sent message comes back on the socket too. */
function withMessage(thread: SupportThread, message: SupportMessage): SupportThread {
  if (message.conversationId !== thread.id || thread.messages.some((item) => item.id === message.id)) return thread;
  return { ...thread, messages: [...thread.messages, message].sort((a, b) => a.id - b.id) };
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The support chat (docs/product/site-shell-and-routes.md#support-chat): the member's or visitor's conversation with
 * the brand's operators, its history, a text or a picture to send, and the operators' replies as they come. When no
 * operator is online it says so: messages are kept and answered later.
 */
export function SupportChat() {
  const { t, i18n } = useTranslation('support');
  const isOpen = useSupportChatStore((state) => state.isOpen);
  const close = useSupportChatStore((state) => state.close);
  const token = useSessionStore((state) => state.token);
  const [thread, setThread] = useState<SupportThread | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [isSending, setSending] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setThread((await openSupport()).conversation);
    } catch (error) {
      setLoadError(errorText(error, t('loadFailed')));
    }
  }, [t]);

  // Opening the panel, or signing in or out (who is chatting changes), opens the conversation again.
  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    openSupport().then(
      (opened) => {
        if (!isCurrent) return;
        setThread(opened.conversation);
        setLoadError(null);
      },
      (error: unknown) => {
        if (isCurrent) setLoadError(errorText(error, t('loadFailed')));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [isOpen, token, t]);

  // The conversation's messages and changes as they happen, while the panel is open.
  const conversationId = thread?.id;
  useEffect(() => {
    if (!isOpen || conversationId === undefined) return;
    const visitorToken = token ? null : readVisitorToken();
    const who = token ? { token } : visitorToken ? { visitorToken } : null;
    if (!who) return;
    return listenToSupport(who, (event) => {
      if (event.type === 'supportMessage') {
        // A reply is proof someone is there.
        const online = event.message.from === 'operator';
        setThread(
          (current) =>
            current && { ...withMessage(current, event.message), operatorsOnline: online || current.operatorsOnline },
        );
      } else if (event.conversationId === conversationId) {
        setThread((current) => current && { ...current, status: event.status });
      }
    });
  }, [isOpen, conversationId, token]);

  const count = thread?.messages.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count, isOpen]);

  useEffect(() => {
    if (isOpen) inputRef.current?.focus();
  }, [isOpen]);

  /** Sends through `send`; a closed conversation is reopened (a new one) and the message sent there. */
  const deliver = async (send: () => Promise<SupportMessage>) => {
    setSendError(null);
    setSending(true);
    try {
      let message: SupportMessage;
      try {
        message = await send();
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'SUPPORT_CONVERSATION_CLOSED') throw error;
        storeVisitorToken(null);
        await load();
        message = await send();
      }
      if (thread && message.conversationId !== thread.id) await load();
      else setThread((current) => current && withMessage(current, message));
      return true;
    } catch (error) {
      setSendError(errorText(error, t('sendFailed')));
      return false;
    } finally {
      setSending(false);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || isSending) return;
    if (await deliver(() => sendSupportMessage(message))) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void submit(event);
  };

  const attach = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    if (file.size > SUPPORT_IMAGE_LIMITS.maxBytes) {
      setSendError(t('imageTooLarge', { maxMb: SUPPORT_IMAGE_LIMITS.maxBytes / 1024 / 1024 }));
      return;
    }
    await deliver(() => sendSupportImage(file));
  };

  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language === 'en' ? 'en-GB' : 'ko-KR', {
      hour: '2-digit',
      minute: '2-digit',
    });

  return (
    <section
      className={styles.panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby="support-chat-title"
      hidden={!isOpen}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <header className={styles.header}>
        <span className={styles.avatar} aria-hidden="true">
          <Icon name="chat" size={18} />
        </span>
        <div className={styles.heading}>
          <h2 id="support-chat-title" className={styles.title}>
            {t('title')}
          </h2>
          {thread && (
            <p className={styles.presence} data-online={thread.operatorsOnline}>
              <span className={styles.dot} aria-hidden="true" />
              {thread.operatorsOnline ? t('online') : t('offline')}
            </p>
          )}
        </div>
        <button type="button" className={styles.close} onClick={close} aria-label={t('close')}>
          <Icon name="close" size={18} />
        </button>
      </header>

      {thread && !thread.operatorsOnline && thread.status === 'open' && (
        <p className={styles.notice}>{t('offlineNotice')}</p>
      )}

      <ol className={styles.messages} ref={listRef} aria-live="polite" aria-label={t('history')}>
        {!thread && !loadError && <li className={styles.system}>{t('loading')}</li>}
        {loadError && (
          <li className={styles.system} role="alert">
            {loadError}{' '}
            <button type="button" className={styles.retry} onClick={() => void load()}>
              {t('retry')}
            </button>
          </li>
        )}
        {thread && thread.messages.length === 0 && <li className={styles.system}>{t('welcome')}</li>}
        {thread?.messages.map((message) => (
          <li key={message.id} className={styles.message} data-from={message.from}>
            <span className="visually-hidden">
              {message.from === 'customer' ? t('you') : (message.operatorName ?? t('operator'))}:{' '}
            </span>
            <div className={styles.bubble}>
              {message.imageId !== null ? <SupportImage imageId={message.imageId} /> : message.text}
            </div>
            <time className={styles.time} dateTime={message.createdAt}>
              {message.from === 'operator' && message.operatorName ? `${t('operator')} · ` : ''}
              {time(message.createdAt)}
            </time>
          </li>
        ))}
        {thread?.status === 'closed' && <li className={styles.system}>{t('closed')}</li>}
      </ol>

      <form className={styles.composer} onSubmit={(event) => void submit(event)}>
        {sendError && (
          <p className={styles.error} role="alert">
            {sendError}
          </p>
        )}
        <div className={styles.row}>
          <button
            type="button"
            className={styles.attach}
            onClick={() => fileRef.current?.click()}
            disabled={!thread || isSending}
            aria-label={t('attach')}
            title={t('attach')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M21 12.5l-8.5 8.5a5.5 5.5 0 01-7.8-7.8l9-9a3.7 3.7 0 015.2 5.2l-9 9a1.8 1.8 0 01-2.6-2.6l8.3-8.3"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <input
            ref={fileRef}
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void attach(event.target.files?.[0])}
            data-testid="support-attach"
          />
          <label className="visually-hidden" htmlFor="support-chat-input">
            {t('message')}
          </label>
          <textarea
            id="support-chat-input"
            ref={inputRef}
            className={styles.input}
            rows={1}
            maxLength={SUPPORT_TEXT_MAX_LENGTH}
            placeholder={t('placeholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            disabled={!thread}
          />
          <button
            type="submit"
            className={styles.send}
            disabled={!thread || isSending || !text.trim()}
            aria-label={t('send')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M3 11.5L21 3l-8.5 18-2.2-7.3L3 11.5z" fill="currentColor" />
            </svg>
          </button>
        </div>
      </form>
    </section>
  );
}
