export { buildSandboxApp, type SandboxApp, type SandboxConfig } from './app';
export {
  ACKNOWLEDGEMENT_BODY,
  DEFAULT_RETRY,
  retryDelayMs,
  type CallbackTransport,
  type DeliveryAttempt,
  type RetrySettings,
  type SandboxEvent,
} from './callbacks';
export { NO_CHAOS, type ChaosSettings, type DeliveryPlan } from './chaos';
export { PAYOUT_REJECTED_REASON, type DepositOrder, type Payout, type PayerChoice } from './sandbox.service';
export { SANDBOX_HEADERS, SIGNATURE_TOLERANCE_MS } from './signature';
export { ManualTime, RealTime, type SandboxTime } from './time';
