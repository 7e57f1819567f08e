/**
 * The simulator's demo workspaces and their API keys, defined once for the simulator (which
 * answers them), the in-browser mock's sign-in, and the BFF ("Use demo workspace" and the check
 * that no key is ever compiled into the client). Never imported by client code (ESLint enforces
 * it): a demo key in the bundle would make `npm start` refuse to serve it.
 */
export const DEMO_KEYS = {
  paid: 'vcs_test_demo_paid',
  free: 'vcs_test_demo_free',
  readonly: 'vcs_test_demo_readonly',
  /** A second person who may write in the paid workspace (two reviewers, a reviewer and a creator). */
  editor: 'vcs_test_demo_editor',
} as const;

export type DemoProfile = keyof typeof DEMO_KEYS;

export const DEMO_ORGS = { paid: 'org_demo', free: 'org_demo_free' } as const;

/** Who each demo key is, as `GET /auth/validate` reports it. */
export interface DemoIdentity {
  organizationId: string;
  userId: string;
  plan: 'pro' | 'free';
  environment: 'test';
  /** Every write (POST, PATCH, PUT, DELETE) answers 403 `insufficient_access`. */
  readOnly: boolean;
}

export const DEMO_IDENTITIES: Readonly<Record<DemoProfile, DemoIdentity>> = {
  paid: {
    organizationId: DEMO_ORGS.paid,
    userId: 'user_demo_owner',
    plan: 'pro',
    environment: 'test',
    readOnly: false,
  },
  free: {
    organizationId: DEMO_ORGS.free,
    userId: 'user_demo_free',
    plan: 'free',
    environment: 'test',
    readOnly: false,
  },
  readonly: {
    organizationId: DEMO_ORGS.paid,
    userId: 'user_demo_viewer',
    plan: 'pro',
    environment: 'test',
    readOnly: true,
  },
  editor: {
    organizationId: DEMO_ORGS.paid,
    userId: 'user_demo_editor',
    plan: 'pro',
    environment: 'test',
    readOnly: false,
  },
};

/** The demo identity of a key, if it is a demo key. */
export function demoIdentity(apiKey: string): DemoIdentity | undefined {
  const profile = (Object.keys(DEMO_KEYS) as DemoProfile[]).find(
    (name) => DEMO_KEYS[name] === apiKey,
  );
  return profile === undefined ? undefined : DEMO_IDENTITIES[profile];
}
