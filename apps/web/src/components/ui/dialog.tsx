import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './dialog.module.css';
import { Icon } from './icon';

/**
 * On open, focus goes into the dialog onto its title (Radix would focus its first control: the close
 * button, whose focus ring reads as an error when the dialog opens by itself or from a click).
 * Screen readers announce the dialog from there; Tab reaches the buttons, which show their ring then.
 */
function focusTitle(event: Event, title: HTMLHeadingElement | null): void {
  if (!title) return;
  event.preventDefault();
  title.focus({ preventScroll: true });
}

/**
 * The dialog's title, which takes focus on open. It joins the Tab order only while it has focus: Radix's
 * FocusScope loops Shift+Tab round to the last control only from its first tabbable element, so from
 * a title that never counts as one, Shift+Tab did nothing. Once focus leaves, Tab passes it by again.
 */
function FocusableTitle({
  titleRef,
  children,
}: {
  titleRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  const [hasFocus, setHasFocus] = useState(false);
  return (
    <RadixDialog.Title
      ref={titleRef}
      tabIndex={hasFocus ? 0 : -1}
      className={styles.title}
      onFocus={() => setHasFocus(true)}
      onBlur={() => setHasFocus(false)}
    >
      {children}
    </RadixDialog.Title>
  );
}

/**
 * Focus goes back, on close, to what had it when the dialog opened. Radix would focus its Trigger, and
 * these dialogs have none (they open from the modal store, a game card, the balance): focus fell to the
 * page's body and a keyboard user started again from the top.
 */
function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      if (opener.current?.isConnected) opener.current.focus({ preventScroll: true });
      opener.current = null;
    },
  };
}

/** Generic modal defaults (docs/product/site-shell-and-routes.md#modal-behaviour). */
export const MODAL_DEFAULT_WIDTH = 600;
export const MODAL_DEFAULT_HEIGHT = 300;
export const DIALOG_DEFAULT_WIDTH = 400;

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Always given: screen readers announce it; hide it visually with `hideTitle`. */
  title: ReactNode;
  hideTitle?: boolean;
  /** Read with the title when the dialog opens (aria-describedby). */
  description?: ReactNode;
  /** 'notice' sets the description apart in a box, for a message the dialog opened to give. */
  descriptionTone?: 'muted' | 'notice';
  width?: number;
  height?: number;
  /** The close button shows by default (docs/product/site-shell-and-routes.md#modal-behaviour). */
  showClose?: boolean;
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Marks the panel for tests and styling, e.g. the modal name. */
  name?: string;
}

/**
 * The product's modal wrapper (docs/product/site-shell-and-routes.md#modal-behaviour): a click on the background never
 * closes it, Escape does, page scrolling is locked while open, and it fades in and out over 100 ms.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  descriptionTone = 'muted',
  width = MODAL_DEFAULT_WIDTH,
  height = MODAL_DEFAULT_HEIGHT,
  showClose = true,
  footer,
  children,
  className,
  name,
}: ModalProps) {
  const { t } = useTranslation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusReturn = useFocusReturn();
  const size = { '--dialog-width': `${width}px`, '--dialog-height': `${height}px` } as CSSProperties;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={[styles.content, className].filter(Boolean).join(' ')}
          style={size}
          data-modal={name}
          onOpenAutoFocus={(event) => {
            focusReturn.onOpenAutoFocus();
            focusTitle(event, titleRef.current);
          }}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={[styles.header, hideTitle ? 'visually-hidden' : ''].join(' ')}>
            <FocusableTitle titleRef={titleRef}>{title}</FocusableTitle>
          </div>
          {showClose && (
            <RadixDialog.Close className={styles.close} aria-label={t('close')}>
              <Icon name="close" />
            </RadixDialog.Close>
          )}
          {description && (
            <RadixDialog.Description className={styles.description} data-tone={descriptionTone}>
              {description}
            </RadixDialog.Description>
          )}
          <div className={styles.body}>{children}</div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface DialogButton {
  label: ReactNode;
  onClick?: () => void;
  variant?: 'primary' | 'secondary';
  disabled?: boolean;
}

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children?: ReactNode;
  /** Defaults to one CLOSE button that closes the dialog. */
  buttons?: DialogButton[];
  width?: number;
  name?: string;
}

/**
 * A short message or question with its buttons: 400 px wide, one CLOSE button by default
 * (docs/product/site-shell-and-routes.md#modal-behaviour).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
  buttons,
  width = DIALOG_DEFAULT_WIDTH,
  name,
}: DialogProps) {
  const { t } = useTranslation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusReturn = useFocusReturn();
  const actions = buttons ?? [{ label: t('close'), variant: 'primary' as const }];
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          role="alertdialog"
          className={styles.content}
          style={{ '--dialog-width': `${width}px`, '--dialog-height': '0px' } as CSSProperties}
          data-modal={name}
          onOpenAutoFocus={(event) => {
            focusReturn.onOpenAutoFocus();
            focusTitle(event, titleRef.current);
          }}
          onCloseAutoFocus={focusReturn.onCloseAutoFocus}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          {...(children ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <FocusableTitle titleRef={titleRef}>{title}</FocusableTitle>
          </div>
          {children && (
            <RadixDialog.Description asChild>
              <div className={styles.dialogBody}>{children}</div>
            </RadixDialog.Description>
          )}
          <div className={styles.dialogFooter}>
            {actions.map((action, index) => (
              <Button
                key={index}
                variant={action.variant ?? (index === actions.length - 1 ? 'primary' : 'secondary')}
                disabled={action.disabled}
                onClick={() => (action.onClick ? action.onClick() : onOpenChange(false))}
              >
                {action.label}
              </Button>
            ))}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
