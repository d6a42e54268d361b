import type { Context } from 'hono';
import { one } from '../db.ts';
import type { SessionCustomer, UserResponse } from '../domain/identity.ts';
import type { AppEnv } from './app-env.ts';

export function authorisedUser(customer: Omit<SessionCustomer, 'sessionId' | 'emailVerified'>): UserResponse {
  return {
    user: {
      id: customer.id,
      email: customer.email,
      provider: customer.provider,
      status: 'AUTHORISED',
      firstName: customer.firstName,
      lastName: customer.lastName,
    },
    ufacSession: null,
    isRegistered: true,
  };
}

export const unknownUser = (): UserResponse => ({
  user: { id: null, email: null, provider: null, status: 'UNKNOWN' },
  ufacSession: null,
  isRegistered: false,
});

/** The caller as GET /user reports it: AUTHORISED (session) over GUEST (user-flow header) over UNKNOWN. */
export async function currentUser(c: Context<AppEnv>): Promise<UserResponse> {
  const customer = c.get('customer');
  if (customer) {
    const row = await one<{ has_password: boolean }>(
      c.get('deps').db,
      'select password_hash is not null as has_password from customers where id = $1',
      [customer.id],
    );
    const body = authorisedUser(customer);
    return { ...body, user: { ...body.user, hasPassword: row?.has_password ?? true } };
  }
  const guest = c.get('guest');
  if (!guest) return unknownUser();
  const registered = await one<{ id: string }>(c.get('deps').db, 'select id from customers where email = $1', [
    guest.email,
  ]);
  return {
    user: { id: null, email: guest.email, provider: null, status: 'GUEST' },
    ufacSession: guest.sessionId,
    isRegistered: registered !== null,
  };
}
