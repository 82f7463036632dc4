import type { OrganizationProgram, UserProfile } from '@beach/domain';

const NO_RULES = {
  beach_access_level: 0,
  has_secondary_verification: 0,
  data_interaction_level: 0,
  category_manage_users: 0,
  category_results: 0,
  category_beaches: 0,
  category_incidents: 0,
  category_surveys: 0,
  category_logs: 0,
};

export function makeProgram(program_id: number, abbv: string, name: string): OrganizationProgram {
  return { program_id, abbv, name, color: '#005ea2', rules: { ...NO_RULES, data_interaction_level: 2 } };
}

export function makeUser(overrides: Partial<UserProfile> = {}): UserProfile {
  const program = makeProgram(1, 'CCMP', 'Cooperative Coastal Monitoring Program');
  return {
    user_id: 7,
    first_name: 'Jane',
    last_name: 'Doe',
    primary_email: 'jane.doe@example.gov',
    email: 'jane.doe@example.gov',
    organization_id: 3,
    organization: {
      organization_id: 3,
      name: 'Monmouth County Health Department',
      abbv: 'MCHD',
      is_admin_organization: false,
      programs: [program],
    },
    program_permissions: [
      { program, permission: { code: 'DATA_EDITING' }, access_level: { code: 'USER' } },
    ],
    active: true,
    force_password_reset: false,
    ...overrides,
  };
}

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT-shaped token; only its exp claim (seconds) matters to the web. */
export function makeToken(expSeconds: number, extra: Record<string, unknown> = {}): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub: '7', exp: expSeconds, ...extra })}.signature`;
}

/** A token valid for another hour. */
export function freshToken(): string {
  return makeToken(Math.floor(Date.now() / 1000) + 3600);
}
