import type { Database } from '../../src/platform/db/client.js';
import type { BenchCase } from '../lib.js';
import { benchSession } from '../sessions.js';

/**
 * What the shell and the verification page ask for a logged-in trader (issue 26, decision 0054): the
 * date of birth the confirm-birthday modal reads and the attempts left per verification type. Measured
 * with one member's session (its cookie set by `setup`).
 */
export function shellCase(db: Database['db']): BenchCase {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  return {
    name: 'shell',
    async setup() {
      headers.cookie = (await benchSession(db, 'benchshell')).cookie;
    },
    requests: [
      // The control: the trivial route with the member's cookie (the session lookup alone).
      { title: 'trivial, logged in (session lookup)', path: '/bench/trivial', headers },
      { title: 'my date of birth (member)', path: '/rest/v1/users/birth-date', headers },
      { title: 'ID attempts left (member)', path: '/rest/v1/verification/left-attempt/id', headers },
    ],
  };
}
