import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalBrand } from '../../lib/brand';
import { COUNTRIES, countryName, findCountry, flagOf, type Country } from '../../lib/countries';
import styles from './country-code-picker.module.css';
import { Icon } from './icon';

/** The list closes this long after focus leaves it (docs/product/site-shell-and-routes.md#country-code-picker). */
export const PICKER_BLUR_CLOSE_MS = 200;
const FALLBACK_COUNTRY = 'KR';

export interface CountryCodePickerProps {
  value?: Country | null;
  onChange: (country: Country) => void;
  /** Defaults to the visitor's country from system status, then Korea. */
  defaultCountryCode?: string;
  label?: string;
  disabled?: boolean;
  id?: string;
}

/**
 * A dropdown of flags with dialling codes, defaulting to the visitor's country
 * (docs/product/site-shell-and-routes.md#country-code-picker).
 */
export function CountryCodePicker({
  value,
  onChange,
  defaultCountryCode,
  label,
  disabled,
  id,
}: CountryCodePickerProps) {
  const { t, i18n } = useTranslation('shell');
  const brand = useOptionalBrand();
  const listId = useId();
  const buttonId = useId();
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const fallback =
    findCountry(defaultCountryCode) ?? findCountry(brand?.status.location.country) ?? findCountry(FALLBACK_COUNTRY)!;
  const selected = value ?? fallback;

  useEffect(() => {
    if (!value) onChange(fallback);
    // Only the first render reports the default; later changes come from the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const options = useMemo(() => {
    const needle = query.trim().toLowerCase().replace(/^\+/, '');
    if (!needle) return COUNTRIES;
    return COUNTRIES.filter(
      (country) =>
        country.countryDialingCode.startsWith(needle) ||
        country.countryCode.toLowerCase().startsWith(needle) ||
        countryName(country.countryCode, i18n.language).toLowerCase().includes(needle),
    );
  }, [query, i18n.language]);

  function open() {
    if (disabled) return;
    setOpen(true);
    setQuery('');
    setActive(Math.max(0, COUNTRIES.indexOf(selected)));
    requestAnimationFrame(() => searchRef.current?.focus());
  }

  function choose(country: Country) {
    onChange(country);
    setOpen(false);
  }

  function onBlur() {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), PICKER_BLUR_CLOSE_MS);
  }

  function onFocus() {
    if (closeTimer.current) clearTimeout(closeTimer.current);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => Math.min(options.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const country = options[active];
      if (country) choose(country);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className={styles.picker} onBlur={onBlur} onFocus={onFocus}>
      <button
        type="button"
        id={id ?? buttonId}
        className={styles.trigger}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-label={`${label ?? t('countryCode')}: ${countryName(selected.countryCode, i18n.language)} +${selected.countryDialingCode}`}
        disabled={disabled}
        onClick={() => (isOpen ? setOpen(false) : open())}
      >
        <span className={styles.flag} aria-hidden="true">
          {flagOf(selected.countryCode)}
        </span>
        <span>+{selected.countryDialingCode}</span>
        <Icon name="chevronDown" size={14} />
      </button>
      {isOpen && (
        <div className={styles.panel}>
          <input
            ref={searchRef}
            className={styles.search}
            type="search"
            value={query}
            placeholder={t('searchCountry')}
            aria-label={t('searchCountry')}
            aria-controls={listId}
            aria-activedescendant={options[active] ? `${listId}-${options[active].countryCode}` : undefined}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul id={listId} role="listbox" className={styles.list} aria-label={label ?? t('countryCode')}>
            {options.map((country, index) => (
              <li
                key={country.countryCode}
                id={`${listId}-${country.countryCode}`}
                role="option"
                aria-selected={country.countryCode === selected.countryCode}
                data-active={index === active ? 'true' : undefined}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(country)}
              >
                <span className={styles.flag} aria-hidden="true">
                  {flagOf(country.countryCode)}
                </span>
                <span className={styles.name}>{countryName(country.countryCode, i18n.language)}</span>
                <span className={styles.code}>+{country.countryDialingCode}</span>
              </li>
            ))}
            {options.length === 0 && <li className={styles.empty}>{t('noCountry')}</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
