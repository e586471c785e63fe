import { ROLE_NAMES, type OperatorSession, type RoleName } from '@parlay/contract';
import { useTranslation } from 'react-i18next';
import { Checkbox, CheckboxGroup } from '../../../components/ui/field';
import { isOwner } from '../../../lib/session';

/** The roles an operator may give: only an owner gives the owner role (the server refuses it from others). */
export function givableRoles(session: OperatorSession): readonly RoleName[] {
  return isOwner(session) ? ROLE_NAMES : ROLE_NAMES.filter((role) => role !== 'owner');
}

function toggled<T>(values: readonly T[], value: T, isOn: boolean): T[] {
  return isOn ? [...values.filter((other) => other !== value), value] : values.filter((other) => other !== value);
}

export function RoleChoices({
  session,
  value,
  onChange,
  error,
}: {
  session: OperatorSession;
  value: readonly RoleName[];
  onChange: (roles: RoleName[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('operators');
  // A role the caller may not give (owner, for an admin) still shows, fixed, when the operator has it.
  const shown = ROLE_NAMES.filter((role) => givableRoles(session).includes(role) || value.includes(role));
  return (
    <CheckboxGroup legend={t('fields.roles')} error={error}>
      {shown.map((role) => (
        <Checkbox
          key={role}
          name="roles"
          value={role}
          label={t(`roles.${role}`)}
          checked={value.includes(role)}
          disabled={!givableRoles(session).includes(role)}
          onChange={(event) =>
            onChange(ROLE_NAMES.filter((name) => toggled(value, role, event.target.checked).includes(name)))
          }
        />
      ))}
    </CheckboxGroup>
  );
}

/** The brands to give: those of the caller; "every brand" only from an operator of every brand. */
export function BrandChoices({
  session,
  allBrands,
  brands,
  onChange,
  error,
}: {
  session: OperatorSession;
  allBrands: boolean;
  brands: readonly string[];
  onChange: (choice: { allBrands: boolean; brands: string[] }) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('operators');
  return (
    <CheckboxGroup legend={t('fields.brands')} error={error}>
      {session.allBrands && (
        <Checkbox
          name="allBrands"
          label={t('allBrandsChoice')}
          checked={allBrands}
          onChange={(event) => onChange({ allBrands: event.target.checked, brands: [...brands] })}
        />
      )}
      {session.brands.map((brand) => (
        <Checkbox
          key={brand.code}
          name="brands"
          value={brand.code}
          label={`${brand.name} (${brand.code})`}
          checked={allBrands || brands.includes(brand.code)}
          disabled={allBrands}
          onChange={(event) => onChange({ allBrands, brands: toggled(brands, brand.code, event.target.checked) })}
        />
      ))}
    </CheckboxGroup>
  );
}
