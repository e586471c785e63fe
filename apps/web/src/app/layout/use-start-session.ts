import { useEffect } from 'react';
import { useMemberInfo } from '../../features/navigation/api/get-member-info';
import { useBrand } from '../../lib/brand';
import { useSessionStore } from '../../lib/session-store';

/**
 * Start-up (docs/product/site-shell-and-routes.md#application-start): remember the brand's merchant, and with a
 * stored token load the member info.
 */
export function useStartSession() {
  const { brand } = useBrand();
  const setBrand = useSessionStore((state) => state.setBrand);
  const setMember = useSessionStore((state) => state.setMember);
  const member = useMemberInfo();

  useEffect(() => {
    setBrand(brand.name, brand.merchantCode);
  }, [brand.name, brand.merchantCode, setBrand]);

  useEffect(() => {
    if (member.data) setMember(member.data);
  }, [member.data, setMember]);
}
