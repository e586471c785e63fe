import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index';
import type { Country } from '../../lib/countries';
import { CountryCodePicker, PICKER_BLUR_CLOSE_MS } from './country-code-picker';

function Harness({ defaultCountryCode }: { defaultCountryCode?: string }) {
  const [value, setValue] = useState<Country | null>(null);
  return (
    <>
      <CountryCodePicker value={value} onChange={setValue} defaultCountryCode={defaultCountryCode} label="Code" />
      <output>{value ? `${value.countryCode} +${value.countryDialingCode}` : 'none'}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

describe(CountryCodePicker.name, () => {
  afterEach(() => vi.useRealTimers());

  it('starts on the given country with its dialling code', () => {
    render(<Harness defaultCountryCode="VN" />);
    expect(screen.getByText('VN +84')).toBeInTheDocument();
  });

  it('chooses a country from the list', () => {
    render(<Harness defaultCountryCode="KR" />);
    fireEvent.click(screen.getByRole('button', { name: /Code/ }));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '66' } });
    fireEvent.click(screen.getByRole('option', { name: /\+66/ }));
    expect(screen.getByText('TH +66')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes 200 ms after focus leaves it, not before', () => {
    vi.useFakeTimers();
    render(<Harness defaultCountryCode="KR" />);
    fireEvent.click(screen.getByRole('button', { name: /Code/ }));
    act(() => {
      vi.advanceTimersByTime(20);
    });
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    fireEvent.blur(screen.getByRole('searchbox'));
    act(() => {
      vi.advanceTimersByTime(PICKER_BLUR_CLOSE_MS - 1);
    });
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
