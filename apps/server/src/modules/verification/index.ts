/** Proving what the user says: their e-mail address now; the phone and identity later (decision 0026). */
export { createEmailVerification, type EmailVerification } from './email-service.js';
export { createPhoneVerification, type PhoneVerification } from './phone-service.js';
export { verificationRoutes } from './routes.js';
