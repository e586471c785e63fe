import styles from './auth-form.module.css';

/**
 * A notice given after an action (a code sent, a link on its way) in a status region that is in the
 * page, empty, from the start: screen readers often say nothing of a region put in with its text.
 */
export function LiveNotice({
  message,
  id,
}: {
  message: string | null;
  /** The message's id, so the control that takes focus after the action can be described by it. */
  id?: string;
}) {
  return (
    <div role="status" className={styles.liveNotice}>
      {message && (
        <p id={id} className={styles.notice}>
          {message}
        </p>
      )}
    </div>
  );
}
