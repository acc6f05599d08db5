import type { UserRole } from '@app/contract';

/** Demo accounts `npm start` creates on a fresh database; printed at start so a visitor can log in. */
export const DEMO_LOGINS: { username: string; email: string; password: string; role: UserRole }[] = [
  { username: 'alice', email: 'alice@demo.p2p.local', password: 'Demo-pass-1', role: 'user' },
  { username: 'bob', email: 'bob@demo.p2p.local', password: 'Demo-pass-1', role: 'user' },
  { username: 'carol', email: 'carol@demo.p2p.local', password: 'Demo-pass-1', role: 'user' },
  { username: 'mod', email: 'mod@demo.p2p.local', password: 'Demo-pass-1', role: 'moderator' },
  { username: 'root', email: 'root@demo.p2p.local', password: 'Demo-pass-1', role: 'admin' },
];
