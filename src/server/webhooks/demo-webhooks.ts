import { KNOWN_EVENT_TYPES } from './receiver.ts';

export interface DemoWebhookResult {
  organizationId: string | undefined;
  ok: boolean;
  detail: string;
}

export interface RegisterDemoWebhooksOptions {
  /** The simulator's base URL (ending in /v1). */
  baseUrl: string;
  /** The BFF's receiver, e.g. http://127.0.0.1:8080/webhooks/vcs */
  receiverUrl: string;
  /** One key per workspace to register in. */
  apiKeys: readonly string[];
}

/**
 * Registers the BFF's receiver with the simulator in each demo workspace (`POST /webhooks`), so
 * its events reach the browsers of that organization. The URL carries `?org=` as a fallback route
 * for payloads without `data.organization_id`.
 */
export async function registerDemoWebhooks(
  options: RegisterDemoWebhooksOptions,
): Promise<DemoWebhookResult[]> {
  const results: DemoWebhookResult[] = [];
  for (const apiKey of options.apiKeys) {
    const headers = {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      accept: 'application/json',
    };
    let organizationId: string | undefined;
    try {
      const validate = await fetch(`${options.baseUrl}/auth/validate`, { headers });
      if (!validate.ok) {
        results.push({ organizationId, ok: false, detail: `auth/validate ${validate.status}` });
        continue;
      }
      organizationId = ((await validate.json()) as { organization_id?: string }).organization_id;
      const url = new URL(options.receiverUrl);
      if (organizationId) url.searchParams.set('org', organizationId);
      const response = await fetch(`${options.baseUrl}/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: url.toString(), events: [...KNOWN_EVENT_TYPES] }),
      });
      await response.body?.cancel();
      results.push({
        organizationId,
        ok: response.ok,
        detail: response.ok ? 'registered' : `POST /webhooks ${response.status}`,
      });
    } catch (error) {
      results.push({
        organizationId,
        ok: false,
        detail: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return results;
}
