import { Button } from '../../../components/ui/button';
import { useMemberCentreStore } from '../../../lib/member-centre-store';
import styles from '../point-mall.module.css';

/** Whether a refusal says the member has no payment password yet: the way to the security centre is offered. */
export function isPasswordNotSet(code: string | undefined): boolean {
  return code === 'PAYMENT_PASSWORD_NOT_SET';
}

/** The 6-digit payment password a redemption or a conversion asks for. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
    </div>
  );
}

/** A button to the security centre's payment password card (the member centre opens over the mall). */
export function SetPasswordButton({ label, onOpen }: { label: string; onOpen?: () => void }) {
  const openMemberCentre = useMemberCentreStore((state) => state.openMemberCentre);
  return (
    <Button
      variant="secondary"
      size="small"
      className={styles.setPassword}
      onClick={() => {
        onOpen?.();
        openMemberCentre('securityCenter');
      }}
    >
      {label}
    </Button>
  );
}
