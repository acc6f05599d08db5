/**
 * The mails and SMS the platform sends, in English and Spanish (decision 0025). Each template is a
 * subject, a few paragraphs and at most one action link, with `{{name}}` placeholders; one layout turns
 * it into plain text and into HTML (every value escaped), so adding a message is adding words, not markup.
 */

export type Locale = 'en' | 'es';

type Words = { subject: string; paragraphs: string[]; action?: string };

type Template = {
  /** Placeholders the caller must give (checked when rendering: a missing one is a bug, not a blank). */
  needs: readonly string[];
  /** The link the action button opens, from the data (e.g. the reset URL). */
  actionUrl?: string;
  en: Words;
  es: Words;
};

const TEMPLATES = {
  email_verification: {
    needs: ['code', 'minutes', 'url'],
    actionUrl: 'url',
    en: {
      subject: 'Your {{appName}} verification code: {{code}}',
      paragraphs: [
        'Welcome to {{appName}}. Enter this code to confirm your e-mail address:',
        '{{code}}',
        'The code works for {{minutes}} minutes. If you did not sign up, ignore this mail.',
      ],
      action: 'Confirm my e-mail',
    },
    es: {
      subject: 'Tu código de verificación de {{appName}}: {{code}}',
      paragraphs: [
        'Te damos la bienvenida a {{appName}}. Introduce este código para confirmar tu correo:',
        '{{code}}',
        'El código vale durante {{minutes}} minutos. Si no te registraste, ignora este correo.',
      ],
      action: 'Confirmar mi correo',
    },
  },
  password_reset: {
    needs: ['url', 'minutes'],
    actionUrl: 'url',
    en: {
      subject: 'Reset your {{appName}} password',
      paragraphs: [
        'Somebody asked to reset the password of your {{appName}} account. Open this link to choose a new one:',
        'The link works once, for {{minutes}} minutes. If it was not you, ignore this mail: your password stays as it is.',
      ],
      action: 'Choose a new password',
    },
    es: {
      subject: 'Restablece tu contraseña de {{appName}}',
      paragraphs: [
        'Alguien pidió restablecer la contraseña de tu cuenta de {{appName}}. Abre este enlace para elegir una nueva:',
        'El enlace sirve una vez, durante {{minutes}} minutos. Si no fuiste tú, ignora este correo: tu contraseña no cambia.',
      ],
      action: 'Elegir una contraseña nueva',
    },
  },
  password_changed: {
    needs: ['when', 'ip'],
    en: {
      subject: 'Your {{appName}} password was changed',
      paragraphs: [
        'The password of your {{appName}} account was changed on {{when}} (from {{ip}}). Your other sessions were ended.',
        'If this was not you, reset your password at once and contact support.',
      ],
    },
    es: {
      subject: 'Se cambió tu contraseña de {{appName}}',
      paragraphs: [
        'La contraseña de tu cuenta de {{appName}} se cambió el {{when}} (desde {{ip}}). Se cerraron tus otras sesiones.',
        'Si no fuiste tú, restablece tu contraseña enseguida y contacta con soporte.',
      ],
    },
  },
  new_device_login: {
    needs: ['when', 'ip', 'device'],
    en: {
      subject: 'New login to your {{appName}} account',
      paragraphs: [
        'Your account was used to log in from a new device on {{when}}: {{device}}, from {{ip}}.',
        'If this was you, there is nothing to do. If not, change your password and end the session on your security page.',
      ],
    },
    es: {
      subject: 'Nuevo inicio de sesión en tu cuenta de {{appName}}',
      paragraphs: [
        'Se inició sesión en tu cuenta desde un dispositivo nuevo el {{when}}: {{device}}, desde {{ip}}.',
        'Si fuiste tú, no tienes que hacer nada. Si no, cambia tu contraseña y cierra la sesión en tu página de seguridad.',
      ],
    },
  },
  two_factor_changed: {
    needs: ['when', 'change'],
    en: {
      subject: 'Two-factor authentication changed on {{appName}}',
      paragraphs: [
        'Two-factor authentication of your account changed on {{when}}: {{change}}.',
        'If this was not you, change your password at once and contact support.',
      ],
    },
    es: {
      subject: 'Cambió la verificación en dos pasos en {{appName}}',
      paragraphs: [
        'La verificación en dos pasos de tu cuenta cambió el {{when}}: {{change}}.',
        'Si no fuiste tú, cambia tu contraseña enseguida y contacta con soporte.',
      ],
    },
  },
  email_changed: {
    needs: ['when', 'email'],
    en: {
      subject: 'The e-mail address of your {{appName}} account changed',
      paragraphs: [
        'On {{when}} the e-mail address of your {{appName}} account was changed to {{email}}. Mail now goes there.',
        "If this was not you, contact support at once: your account may be in someone else's hands.",
      ],
    },
    es: {
      subject: 'Cambió la dirección de correo de tu cuenta de {{appName}}',
      paragraphs: [
        'El {{when}} la dirección de correo de tu cuenta de {{appName}} cambió a {{email}}. El correo se envía ahora allí.',
        'Si no fuiste tú, contacta con soporte enseguida: tu cuenta puede estar en otras manos.',
      ],
    },
  },
  security_code: {
    needs: ['code', 'minutes'],
    en: {
      subject: 'Your {{appName}} security code: {{code}}',
      paragraphs: [
        'Your {{appName}} security code is {{code}}. It works once, for {{minutes}} minutes.',
        'Nobody from {{appName}} will ever ask you for it.',
      ],
    },
    es: {
      subject: 'Tu código de seguridad de {{appName}}: {{code}}',
      paragraphs: [
        'Tu código de seguridad de {{appName}} es {{code}}. Sirve una vez, durante {{minutes}} minutos.',
        'Nadie de {{appName}} te lo pedirá nunca.',
      ],
    },
  },
  verification_approved: {
    needs: ['what', 'level', 'url'],
    actionUrl: 'url',
    en: {
      subject: 'Your {{what}} verification on {{appName}} is approved',
      paragraphs: [
        'We checked what you sent for your {{what}} verification and approved it.',
        'Your verification level is now {{level}}: see what it allows on your verification page.',
      ],
      action: 'See my limits',
    },
    es: {
      subject: 'Tu verificación de {{what}} en {{appName}} está aprobada',
      paragraphs: [
        'Revisamos lo que enviaste para tu verificación de {{what}} y la aprobamos.',
        'Tu nivel de verificación es ahora {{level}}: mira lo que permite en tu página de verificación.',
      ],
      action: 'Ver mis límites',
    },
  },
  verification_denied: {
    needs: ['what', 'reason', 'url'],
    actionUrl: 'url',
    en: {
      subject: 'Your {{what}} verification on {{appName}} was not approved',
      paragraphs: [
        'We could not approve your {{what}} verification. The reviewer wrote:',
        '{{reason}}',
        'You can start a new verification from your verification page.',
      ],
      action: 'Open my verification page',
    },
    es: {
      subject: 'Tu verificación de {{what}} en {{appName}} no fue aprobada',
      paragraphs: [
        'No pudimos aprobar tu verificación de {{what}}. Quien la revisó escribió:',
        '{{reason}}',
        'Puedes empezar una verificación nueva desde tu página de verificación.',
      ],
      action: 'Abrir mi página de verificación',
    },
  },
  verification_document_requested: {
    needs: ['what', 'document', 'reason', 'url'],
    actionUrl: 'url',
    en: {
      subject: 'Send a new document for your {{what}} verification on {{appName}}',
      paragraphs: [
        'To finish your {{what}} verification we need a new {{document}}. The reviewer wrote:',
        '{{reason}}',
        'Upload it on your verification page; the rest of what you sent is kept.',
      ],
      action: 'Upload it',
    },
    es: {
      subject: 'Envía un documento nuevo para tu verificación de {{what}} en {{appName}}',
      paragraphs: [
        'Para terminar tu verificación de {{what}} necesitamos de nuevo: {{document}}. Quien la revisó escribió:',
        '{{reason}}',
        'Súbelo en tu página de verificación; lo demás que enviaste se conserva.',
      ],
      action: 'Subirlo',
    },
  },
  webhook_disabled: {
    needs: ['url', 'hours', 'settingsUrl'],
    actionUrl: 'settingsUrl',
    en: {
      subject: 'Your {{appName}} webhook was turned off',
      paragraphs: [
        'For {{hours}} hours, {{url}} did not accept the events we sent it, so we stopped sending them.',
        'Nothing is lost: the events wait in your delivery log. Fix the receiver, then press "Verify" on your webhook page to turn it on again.',
      ],
      action: 'Open my webhook',
    },
    es: {
      subject: 'Tu webhook de {{appName}} se desactivó',
      paragraphs: [
        'Durante {{hours}} horas, {{url}} no aceptó los eventos que le enviamos, así que dejamos de enviarlos.',
        'No se pierde nada: los eventos esperan en tu registro de entregas. Arregla el receptor y pulsa «Verificar» en la página de tu webhook para activarlo de nuevo.',
      ],
      action: 'Abrir mi webhook',
    },
  },
} as const satisfies Record<string, Template>;

export type TemplateName = keyof typeof TEMPLATES;
export const templateNames = Object.keys(TEMPLATES) as TemplateName[];

export type Rendered = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function fill(text: string, data: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = data[name];
    if (value === undefined) throw new Error(`mail template: no value for {{${name}}}`);
    return value;
  });
}

/** Renders a template for one recipient: subject, plain text and HTML. */
export function renderTemplate(name: TemplateName, locale: string, data: Record<string, string>): Rendered {
  const template: Template = TEMPLATES[name];
  for (const needed of template.needs) {
    if (data[needed] === undefined) throw new Error(`mail template ${name}: missing ${needed}`);
  }
  const words = locale === 'es' ? template.es : template.en;
  const subject = fill(words.subject, data);
  const paragraphs = words.paragraphs.map((p) => fill(p, data));
  const url = template.actionUrl ? data[template.actionUrl] : undefined;
  const action = words.action && url ? { label: fill(words.action, data), url } : null;

  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    `— ${data.appName}`,
  ].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1a1b1e;max-width:560px;margin:0 auto;padding:24px">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#3b5bdb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
      : '',
    `<p style="color:#5c5f66;font-size:14px">— ${escapeHtml(data.appName ?? '')}</p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

/** An SMS: the template's subject line only (short, with the code). */
export function renderSms(name: TemplateName, locale: string, data: Record<string, string>): string {
  return renderTemplate(name, locale, data).subject;
}

/** A moment as a mail says it to its reader: their language and time zone ("25 November 2026, 10:30"). */
export function mailTime(reader: { locale: string; timezone: string }, at: Date): string {
  return new Intl.DateTimeFormat(reader.locale === 'es' ? 'es' : 'en', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: reader.timezone,
  }).format(at);
}
