import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextAreaField } from './field';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What will happen, in a sentence the operator reads before confirming. */
  description: ReactNode;
  confirmLabel: ReactNode;
  /** Asks for a reason (kept with the change in the audit trail); the button waits for one. */
  reasonLabel?: string;
  /** The fewest characters the reason takes (the server's rule); the button waits for them. */
  reasonMinLength?: number;
  /** Resolves when done; a rejection keeps the dialog open (the caller shows the error). */
  onConfirm: (reason: string) => Promise<unknown>;
}

/** The confirmation every destructive action asks for: red button, a reason when the change needs one. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  reasonLabel,
  reasonMinLength = 1,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const needsReason = reasonLabel !== undefined;

  function change(next: boolean) {
    if (!next) setReason('');
    onOpenChange(next);
  }

  async function confirm() {
    setIsBusy(true);
    try {
      await onConfirm(reason.trim());
      change(false);
    } catch {
      // The caller has told the operator why; the dialog stays for another try or a cancel.
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)}>
            {t('cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={isBusy || (needsReason && reason.trim().length < reasonMinLength)}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {needsReason ? (
        <TextAreaField
          label={reasonLabel}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      ) : null}
    </Dialog>
  );
}
