import { z } from 'zod';

/** A node of the whitelabel tree: a feature module, on ('1') or off ('0'), with child modules. */
export interface WhitelabelNode {
  modId: string;
  enabled: '1' | '0';
  childrenNodes: WhitelabelNode[];
}

export const WhitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string().min(1),
    enabled: z.enum(['1', '0']),
    childrenNodes: z.array(WhitelabelNodeSchema),
  }),
);

/**
 * Module ids of the feature flags of spec 01 §4 and spec 02. The spec names the features but not
 * their ids; these are ours and stable once shipped.
 */
export const WHITELABEL = {
  /** The register button and dialog (direct registration). */
  DIRECT_REGISTER: 'DIRECT_REGISTER',
  /** Registration by username. */
  REGISTER_USERNAME: 'REGISTER_USERNAME',
  /** Registration by mobile number (the mobile tab). */
  REGISTER_MOBILE: 'REGISTER_MOBILE',
  /** SMS code required when registering. */
  REGISTER_SMS_VERIFICATION: 'REGISTER_SMS_VERIFICATION',
  /** Mobile registration also sets a password. */
  REGISTER_MOBILE_PASSWORD: 'REGISTER_MOBILE_PASSWORD',
  /** Guest sign-in with play money. */
  FREE_PLAY: 'FREE_PLAY',
  /** An expired password forces the change-password dialog. */
  FORCE_PASSWORD_CHANGE: 'FORCE_PASSWORD_CHANGE',
  /** Sign-in by mobile number and SMS code. */
  LOGIN_SMS: 'LOGIN_SMS',
  /** Password recovery by phone; the e-mail tab shows only when this is on (spec 01 §2). */
  RECOVER_BY_PHONE: 'RECOVER_BY_PHONE',
  /** Invite-and-earn (referral). */
  REFERRAL: 'REFERRAL',
  /** Second check on sign-in from an IP the member has not used. */
  UNREGISTERED_IP_VERIFICATION: 'UNREGISTERED_IP_VERIFICATION',
  DIVIDEND_CONTRACT: 'DIVIDEND_CONTRACT',
  SALARY: 'SALARY',
  HOURLY_SALARY: 'HOURLY_SALARY',
  REALTIME_SALARY: 'REALTIME_SALARY',
  PROMOTIONS: 'PROMOTIONS',
} as const;
export type WhitelabelModule = (typeof WHITELABEL)[keyof typeof WHITELABEL];

/** True when the module is present and enabled, and so is every ancestor on its path. */
export function isModuleEnabled(tree: readonly WhitelabelNode[], modId: string): boolean {
  for (const node of tree) {
    if (node.modId === modId) return node.enabled === '1';
    if (node.enabled === '1' && isModuleEnabled(node.childrenNodes, modId)) return true;
  }
  return false;
}
