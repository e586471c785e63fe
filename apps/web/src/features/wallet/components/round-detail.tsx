import type { BettingRecord } from '@parlay/contract';
import { RoundDetail as RoundDetailView } from '../../../components/ui/round-detail';
import { useBettingRecord } from '../api/get-betting-record';

/** A round of the wallet panel's last ones, opened: its detail, asked for as it opens. */
export function RoundDetail({
  id,
  record,
  formatSigned,
}: {
  id: string;
  record: BettingRecord;
  formatSigned: (minor: number, currency: string) => string;
}) {
  const round = useBettingRecord(record.vassalage, record.roundId, true);
  return <RoundDetailView id={id} round={round} ns="wallet" formatSigned={formatSigned} />;
}
