/**
 * The two settings the embedded simulator's thread starts with, read from the environment without
 * the configuration schema (config.ts, which loads zod), so that `npm start` can start that thread
 * before anything else loads. config.ts uses the same default; its checks still apply (an invalid
 * configuration stops the process, thread and all).
 */
export const DEFAULT_WEBHOOK_SECRET = 'whsec_demo_cutroom';

type Env = Record<string, string | undefined>;

const blankAsUndefined = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value;

/** No service configured (VCS_BASE_URL unset or blank): the embedded simulator serves instead. */
export function simulatorWanted(env: Env): boolean {
  return blankAsUndefined(env.VCS_BASE_URL) === undefined;
}

/** The secret the simulator signs its webhooks with (and the BFF verifies them with). */
export function webhookSecretOf(env: Env): string {
  return blankAsUndefined(env.VCS_WEBHOOK_SECRET) ?? DEFAULT_WEBHOOK_SECRET;
}
