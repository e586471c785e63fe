import styles from './auth-form.module.css';

/**
 * A notice given after an action (a code sent, a link on its way) in a status region that is in the
 * page, empty, from the start: screen readers often say nothing of a region put in with its text.
 */
export function LiveNotice({ message }: { message: string | null }) {
  return (
    <div role="status" className={styles.liveNotice}>
      {message && <p className={styles.notice}>{message}</p>}
    </div>
  );
}
