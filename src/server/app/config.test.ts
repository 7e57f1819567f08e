import { describe, expect, it } from 'vitest';
import { ConfigError, isDemoAvailable, isHttps, loadConfig } from './config.ts';
import { simulatorWanted, webhookSecretOf } from '../simulator/simulator-env.ts';

describe('loadConfig', () => {
  it('has safe defaults: loopback host, port 8080, simulator upstream, generated secret', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('localhost');
    expect(config.upstream).toEqual({ kind: 'simulator', baseUrl: undefined });
    expect(config.webhookSecret).toBe('whsec_demo_cutroom');
    expect(config.upstreamTimeoutMs).toBe(30_000);
    expect(config.sessionTtlSeconds).toBe(8 * 3600);
    expect(config.sessionSecretGenerated).toBe(true);
    expect(config.sessionSecrets).toHaveLength(1);
    expect(config.sessionSecrets[0]?.length).toBeGreaterThanOrEqual(32);
    expect(config.warnings.join(' ')).toMatch(/SESSION_SECRET/);
    expect(isDemoAvailable(config)).toBe(true);
    expect(isHttps(config)).toBe(false);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      VCS_BASE_URL: 'https://service.example/v1/',
      VCS_API_KEY: 'vcs_live_abcdefgh',
      SESSION_SECRET: `${'a'.repeat(32)}, ${'b'.repeat(40)}`,
      VCS_WEBHOOK_SECRET: 'whsec_real_secret',
      UPSTREAM_TIMEOUT_MS: '5000',
      PUBLIC_URL: 'https://cutroom.example',
      SESSION_TTL_SECONDS: '600',
    });
    expect(config.port).toBe(9000);
    expect(config.upstream).toEqual({ kind: 'remote', baseUrl: 'https://service.example/v1' });
    expect(config.sessionSecrets).toEqual(['a'.repeat(32), 'b'.repeat(40)]);
    expect(config.sessionSecretGenerated).toBe(false);
    expect(config.upstreamTimeoutMs).toBe(5000);
    expect(config.sessionTtlSeconds).toBe(600);
    expect(isHttps(config)).toBe(true);
    expect(isDemoAvailable(config)).toBe(true);
    expect(config.warnings).toEqual([]);
  });

  it('no demo with a remote upstream and no server-side key', () => {
    expect(isDemoAvailable(loadConfig({ VCS_BASE_URL: 'http://127.0.0.1:1/v1' }))).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }],
    [{ VCS_BASE_URL: 'ftp://x/v1' }],
    [{ VCS_BASE_URL: 'http://user:pw@host/v1' }],
    [{ VCS_BASE_URL: 'http://host/v1?x=1' }],
    [{ PUBLIC_URL: 'javascript:alert(1)' }],
    [{ SESSION_SECRET: 'short' }],
    [{ UPSTREAM_TIMEOUT_MS: '-1' }],
  ])('refuses invalid values %o', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });
});

describe('simulator-env (read before the configuration, to start the simulator first)', () => {
  it('agrees with loadConfig on whether the simulator runs and on the webhook secret', () => {
    const environments: Array<Record<string, string>> = [
      {},
      { VCS_BASE_URL: '' },
      { VCS_BASE_URL: '   ' },
      { VCS_BASE_URL: 'https://service.example/v1' },
      { VCS_WEBHOOK_SECRET: '' },
      { VCS_WEBHOOK_SECRET: ' ' },
      { VCS_WEBHOOK_SECRET: 'whsec_custom_0123456789' },
      { VCS_BASE_URL: 'http://127.0.0.1:9/v1', VCS_WEBHOOK_SECRET: 'whsec_other_0123456789' },
    ];
    for (const env of environments) {
      const config = loadConfig(env);
      expect(simulatorWanted(env), JSON.stringify(env)).toBe(config.upstream.kind === 'simulator');
      expect(webhookSecretOf(env), JSON.stringify(env)).toBe(config.webhookSecret);
    }
  });
});
