/**
 * Mail templates in the three launch languages. The language comes from the request's
 * Accept-Language header; English is the fallback.
 */
export type MailLocale = 'en' | 'pt-BR' | 'es';

/** Picks the first supported language from an Accept-Language header. */
export function mailLocale(acceptLanguage: string | null | undefined): MailLocale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('pt')) return 'pt-BR';
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

const verifyCopy: Record<MailLocale, { subject: string; greeting: (name: string) => string; body: string; button: string; ignore: string }> = {
  en: {
    subject: 'Confirm your email for Palpite',
    greeting: (name) => `Hi ${name},`,
    body: 'Confirm your email address to start predicting with your friends:',
    button: 'Confirm my email',
    ignore: "If you didn't sign up for Palpite, ignore this message.",
  },
  'pt-BR': {
    subject: 'Confirme seu e-mail no Palpite',
    greeting: (name) => `Olá, ${name}!`,
    body: 'Confirme seu endereço de e-mail para começar a dar seus palpites com os amigos:',
    button: 'Confirmar meu e-mail',
    ignore: 'Se você não se cadastrou no Palpite, ignore esta mensagem.',
  },
  es: {
    subject: 'Confirma tu correo en Palpite',
    greeting: (name) => `Hola, ${name}:`,
    body: 'Confirma tu dirección de correo para empezar a pronosticar con tus amigos:',
    button: 'Confirmar mi correo',
    ignore: 'Si no te registraste en Palpite, ignora este mensaje.',
  },
};

/** The email-verification message: subject, text and HTML bodies. */
export function verificationMail(locale: MailLocale, name: string, url: string) {
  const copy = verifyCopy[locale];
  return {
    subject: copy.subject,
    text: `${copy.greeting(name)}\n\n${copy.body}\n\n${url}\n\n${copy.ignore}\n`,
    html: `<p>${escapeHtml(copy.greeting(name))}</p><p>${escapeHtml(copy.body)}</p>` +
      `<p><a href="${escapeHtml(url)}" style="background:#059669;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(copy.button)}</a></p>` +
      `<p style="color:#666">${escapeHtml(copy.ignore)}</p>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
