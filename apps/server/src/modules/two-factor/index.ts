/** Two-factor authentication: the authenticator app, codes by e-mail, the login's second step (0028). */
export { createTwoFactor, type TwoFactor, type ProtectedAction } from './service.js';
export { createPendingLogins, type PendingLogins } from './pending-logins.js';
export { createStepUp, maskEmail, maskPhone, type StepUp } from './step-up.js';
export { twoFactorRoutes } from './routes.js';
