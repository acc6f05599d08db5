/** Outgoing mail and SMS: templates, the outbox table and its delivery worker (decision 0025). */
export { createOutbox, retryDelaySeconds, type Outbox } from './outbox.js';
export { transportsFromConfig, httpSmsTransport, smtpTransport } from './transports.js';
export type { MailTransport, SmsTransport } from './transports.js';
export { mailTime, renderTemplate, templateNames, type TemplateName } from './templates.js';
