import { SetCustomerServiceRequestSchema } from '@parlay/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field';
import { checkWith } from '../../../lib/form';
import { BrandCard, useBrandPage, useSavePart } from './brand-card';
import styles from './brand.module.css';

const CHANNELS = ['LIVECHAT', 'VIP'] as const;
type Channel = (typeof CHANNELS)[number];

/** The site's customer-service links, one per channel; an empty field removes that channel. */
export function CustomerServiceCard() {
  const { t } = useTranslation('brand');
  const { settings, canWrite } = useBrandPage();
  const { save, failure, isSaving } = useSavePart('customerService');
  const opened = Object.fromEntries(
    CHANNELS.map((channel) => [
      channel,
      settings.customerService.find((entry) => entry.csType === channel)?.path ?? '',
    ]),
  ) as Record<Channel, string>;
  const [links, setLinks] = useState(opened);
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const isDirty = CHANNELS.some((channel) => links[channel] !== opened[channel]);

  async function onSubmit() {
    const entries = CHANNELS.filter((channel) => links[channel].trim() !== '').map((channel) => ({
      csType: channel,
      path: links[channel],
    }));
    const checked = checkWith(SetCustomerServiceRequestSchema, { entries, version: settings.version });
    if (!checked.data) {
      setFailed(
        new Set([...checked.failed].map((path) => entries[Number(path.split('.')[1])]?.csType ?? '').filter(Boolean)),
      );
      return;
    }
    setFailed(new Set());
    await save({ entries: checked.data.entries });
  }

  return (
    <BrandCard
      id="customer-service"
      title={t('customerService.title')}
      description={t('customerService.text')}
      onSubmit={() => void onSubmit()}
      failure={failure}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      <div className={styles.row}>
        {CHANNELS.map((channel) => (
          <TextField
            key={channel}
            label={t(`customerService.${channel}`)}
            placeholder="https://… or /helpmc#contact"
            value={links[channel]}
            readOnly={!canWrite}
            spellCheck={false}
            onChange={(event) => setLinks((current) => ({ ...current, [channel]: event.target.value }))}
            error={failed.has(channel) ? t('customerService.rule') : undefined}
          />
        ))}
      </div>
    </BrandCard>
  );
}
