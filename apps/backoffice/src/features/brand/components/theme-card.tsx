import {
  BRAND_TEXT_MIN_CONTRAST,
  contrastRatio,
  DEFAULT_BRAND_THEME,
  SetThemeRequestSchema,
  textColourOn,
} from '@parlay/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { checkWith } from '../../../lib/form';
import { BrandCard, useBrandPage, useSavePart } from './brand-card';
import styles from './brand.module.css';

const COLOURS = ['primaryColor', 'secondaryColor', 'chatHeaderColor'] as const;
type ColourName = (typeof COLOURS)[number];
const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The brand's colours on the player site. The site writes its buttons' text in near-black or white, whichever
 * reads on both colours (4.5:1, WCAG AA); a pair neither reads on is refused here, as the server refuses it
 * (BRAND_THEME_LOW_CONTRAST), and the preview shows why.
 */
export function ThemeCard() {
  const { t } = useTranslation('brand');
  const { settings, canWrite } = useBrandPage();
  const { save, failure, isSaving } = useSavePart('theme');
  const [colours, setColours] = useState<Record<ColourName, string>>({ ...settings.theme });
  const isValid = COLOURS.every((name) => HEX.test(colours[name]));
  const ink = isValid ? textColourOn([colours.primaryColor, colours.secondaryColor]) : null;
  const isDirty = COLOURS.some((name) => colours[name].toLowerCase() !== settings.theme[name].toLowerCase());
  const ratio = (background: string) =>
    HEX.test(background) ? Math.max(...['#1b1405', '#ffffff'].map((text) => contrastRatio(text, background))) : 0;

  async function onSubmit() {
    const checked = checkWith(SetThemeRequestSchema, { ...colours, version: settings.version });
    if (!checked.data || ink === null) return;
    const { version: _version, ...theme } = checked.data;
    await save(theme);
  }

  return (
    <BrandCard
      id="theme"
      title={t('theme.title')}
      description={t('theme.text', { ratio: BRAND_TEXT_MIN_CONTRAST })}
      onSubmit={() => void onSubmit()}
      failure={failure}
      isSaving={isSaving}
      isDirty={isDirty && isValid && ink !== null}
    >
      <div className={styles.themeGrid}>
        <div className={styles.colourFields}>
          {COLOURS.map((name) => (
            <ColourField
              key={name}
              label={t(`theme.${name}`)}
              value={colours[name]}
              readOnly={!canWrite}
              ratio={name === 'chatHeaderColor' ? null : ratio(colours[name])}
              onChange={(value) => setColours((current) => ({ ...current, [name]: value }))}
            />
          ))}
          {canWrite && (
            <div>
              <Button
                variant="ghost"
                size="small"
                onClick={() => setColours((current) => ({ ...current, ...DEFAULT_BRAND_THEME }))}
              >
                {t('theme.default')}
              </Button>
            </div>
          )}
        </div>
        <div className={styles.preview} aria-label={t('theme.preview')} role="group">
          <p className={styles.previewLabel}>{t('theme.preview')}</p>
          <div
            className={styles.previewHeader}
            style={
              HEX.test(colours.chatHeaderColor)
                ? { background: colours.chatHeaderColor, color: textColourOn([colours.chatHeaderColor]) ?? '#ffffff' }
                : undefined
            }
          >
            <span>{t('theme.chatPreview')}</span>
          </div>
          {isValid && (
            <span
              className={styles.previewButton}
              style={{
                background: `linear-gradient(135deg, ${colours.primaryColor}, ${colours.secondaryColor})`,
                color: ink ?? '#ffffff',
              }}
            >
              {t('theme.buttonPreview')}
            </span>
          )}
          <p className={ink ? styles.contrastOk : styles.contrastBad} role={ink ? undefined : 'alert'}>
            {!isValid ? t('theme.hexRule') : ink ? t('theme.readable') : t('theme.unreadable')}
          </p>
        </div>
      </div>
    </BrandCard>
  );
}

function ColourField({
  label,
  value,
  readOnly,
  ratio,
  onChange,
}: {
  label: string;
  value: string;
  readOnly: boolean;
  ratio: number | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('brand');
  const id = useId();
  const isHex = HEX.test(value);
  return (
    <div className={styles.colourField}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.colourInputs}>
        <input
          type="color"
          className={styles.swatch}
          value={isHex ? value.toLowerCase() : '#000000'}
          disabled={readOnly}
          aria-label={t('theme.pick', { name: label })}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          id={id}
          className={styles.hexInput}
          value={value}
          readOnly={readOnly}
          spellCheck={false}
          maxLength={7}
          aria-invalid={isHex ? undefined : true}
          onChange={(event) => onChange(event.target.value.trim())}
        />
        {ratio !== null && isHex && (
          <span className={ratio >= BRAND_TEXT_MIN_CONTRAST ? styles.ratioOk : styles.ratioBad}>
            {t('theme.ratio', { ratio: ratio.toFixed(1) })}
          </span>
        )}
      </div>
    </div>
  );
}
