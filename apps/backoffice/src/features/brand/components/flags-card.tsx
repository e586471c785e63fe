import type { WhitelabelNode } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { BrandCard, useBrandPage, useSavePart } from './brand-card';
import styles from './brand.module.css';

function modulesIn(nodes: readonly WhitelabelNode[]): Set<string> {
  const found = new Set<string>();
  const walk = (list: readonly WhitelabelNode[]) => {
    for (const node of list) {
      found.add(node.modId);
      walk(node.childrenNodes);
    }
  };
  walk(nodes);
  return found;
}

/**
 * The whitelabel flag tree: a switch per module, saved as it is switched. A module under one that is off is off
 * for the site whatever its own switch says (isModuleEnabled), and says so; a known module missing from the tree
 * is listed apart and joins it at the top when switched on.
 */
export function FlagsCard() {
  const { t } = useTranslation('brand');
  const { settings } = useBrandPage();
  const { save, failure } = useSavePart('flags');
  const [busy, setBusy] = useState<string | null>(null);
  const present = modulesIn(settings.whitelabel);
  const missing = settings.knownModules.filter((modId) => !present.has(modId));

  async function flip(modId: string, enabled: boolean) {
    setBusy(modId);
    await save({ modId, enabled }, enabled ? t('flags.turnedOn', { modId }) : t('flags.turnedOff', { modId }));
    setBusy(null);
  }

  return (
    <BrandCard id="flags" title={t('flags.title')} description={t('flags.text')} failure={failure}>
      <ul className={styles.tree} aria-label={t('flags.tree')}>
        {settings.whitelabel.map((node) => (
          <FlagNode key={node.modId} node={node} parentOff={false} busy={busy} onFlip={flip} />
        ))}
      </ul>
      {missing.length > 0 && (
        <>
          <h3 className={styles.subTitle}>{t('flags.missing')}</h3>
          <ul className={styles.tree} aria-label={t('flags.missing')}>
            {missing.map((modId) => (
              <FlagNode
                key={modId}
                node={{ modId, enabled: '0', childrenNodes: [] }}
                parentOff={false}
                busy={busy}
                onFlip={flip}
              />
            ))}
          </ul>
        </>
      )}
    </BrandCard>
  );
}

function FlagNode({
  node,
  parentOff,
  busy,
  onFlip,
}: {
  node: WhitelabelNode;
  parentOff: boolean;
  busy: string | null;
  onFlip: (modId: string, enabled: boolean) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('brand');
  const { canWrite } = useBrandPage();
  const isOn = node.enabled === '1';
  const labelKey = `flags.modules.${node.modId}`;
  const label = i18n.exists(labelKey, { ns: 'brand' }) ? t(labelKey) : null;
  return (
    <li className={styles.treeItem}>
      <div className={styles.flag}>
        <button
          type="button"
          role="switch"
          aria-checked={isOn}
          aria-label={node.modId}
          className={styles.switch}
          disabled={!canWrite || busy !== null}
          aria-busy={busy === node.modId || undefined}
          onClick={() => void onFlip(node.modId, !isOn)}
        >
          <span className={styles.switchKnob} />
        </button>
        <span className={styles.flagText}>
          <code className={styles.flagId}>{node.modId}</code>
          {label && <span className={styles.flagLabel}>{label}</span>}
        </span>
        {isOn && parentOff && <Badge tone="warn">{t('flags.parentOff')}</Badge>}
      </div>
      {node.childrenNodes.length > 0 && (
        <ul className={styles.subtree}>
          {node.childrenNodes.map((child) => (
            <FlagNode key={child.modId} node={child} parentOff={parentOff || !isOn} busy={busy} onFlip={onFlip} />
          ))}
        </ul>
      )}
    </li>
  );
}
