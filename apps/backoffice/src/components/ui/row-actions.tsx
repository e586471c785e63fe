import styles from './row-actions.module.css';
import { Button } from './button';

export interface RowAction {
  label: string;
  /** Names the action with its row for screen readers ("Edit WELCOME"). */
  ariaLabel: string;
  onClick: () => void;
  /** False leaves the action out (the operator may not, or the row's state does not allow it). */
  shown?: boolean;
}

/** The small buttons at the end of a list's row (edit, switch off, open its detail), beside or under each other. */
export function RowActions({ actions, stacked = false }: { actions: RowAction[]; stacked?: boolean }) {
  const shown = actions.filter((action) => action.shown !== false);
  if (shown.length === 0) return null;
  return (
    <span className={stacked ? styles.column : styles.row}>
      {shown.map((action) => (
        <Button
          key={action.label}
          size="small"
          variant="secondary"
          aria-label={action.ariaLabel}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
    </span>
  );
}
