import type { MovementKind, PlayerStatus, SignInMethod } from '@parlay/contract';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

const STATUS_TONE = { active: 'ok', locked: 'off', closed: 'warn' } as const;

export function PlayerStatusBadge({ status }: { status: PlayerStatus }) {
  const { t } = useTranslation('players');
  return <Badge tone={STATUS_TONE[status]}>{t(`status.${status}`)}</Badge>;
}

/** The kind of account: a member, an agent of one of the agent types, or a trial account. */
export function AgentTypeText({ agentType }: { agentType: number }) {
  const { t } = useTranslation('players');
  if (agentType === 0) return <>{t('agentType.member')}</>;
  if (agentType === 4) return <>{t('agentType.trial')}</>;
  return <>{t('agentType.agent', { type: agentType })}</>;
}

export function MovementKindText({ kind }: { kind: MovementKind }) {
  const { t } = useTranslation('players');
  return <>{t(`movement.${kind}`)}</>;
}

export function SignInMethodText({ method }: { method: SignInMethod | null }) {
  const { t } = useTranslation('players');
  return <>{method ? t(`signInMethod.${method}`) : '—'}</>;
}

/** A country by its ISO code, in the operator's language: "South Korea (KR)"; '' is unknown. */
export function countryName(code: string): string {
  if (!code) return '—';
  try {
    const names = new Intl.DisplayNames([i18next.language === 'en' ? 'en' : 'ko'], { type: 'region' });
    return `${names.of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
}

/** A phone number with its dialling code, as the player gave it. */
export function phoneOf(player: { countryDialingCode: string | null; mobileNum: string | null }): string {
  if (!player.mobileNum) return '—';
  return player.countryDialingCode
    ? `+${player.countryDialingCode.replace(/^\+/, '')} ${player.mobileNum}`
    : player.mobileNum;
}
